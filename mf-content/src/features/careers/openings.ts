export interface Opening {
  id: string;
  title: string;
  team: string;
  location: string;
  kind: 'Full-time' | 'Part-time' | 'Fellowship';
  summary: string;
}

export const openings: readonly Opening[] = [
  {
    id: 'policy-researcher-health',
    title: 'Policy Researcher, Health',
    team: 'Policy Unit',
    location: 'Remote',
    kind: 'Full-time',
    summary:
      'Review the evidence behind our healthcare proposals and run the open drafting of the prevention fund policy.',
  },
  {
    id: 'service-designer',
    title: 'Service Designer',
    team: 'Digital Government',
    location: 'Chicago or remote',
    kind: 'Full-time',
    summary: 'Prototype and test the public platform with the people who would use it, and publish what you learn.',
  },
  {
    id: 'data-engineer-open-budgets',
    title: 'Data Engineer, Open Budgets',
    team: 'Digital Government',
    location: 'Remote',
    kind: 'Full-time',
    summary: 'Build the open data pipeline that shows what the Budget Transparency Act would publish.',
  },
  {
    id: 'regional-organiser-south',
    title: 'Regional Organiser, South',
    team: 'Organising',
    location: 'Atlanta',
    kind: 'Full-time',
    summary: 'Support eight state chapters: recruit and train volunteers, and help chapters run their first events.',
  },
  {
    id: 'evaluation-fellow',
    title: 'Evaluation Fellow',
    team: 'Evaluation Unit',
    location: 'Remote',
    kind: 'Fellowship',
    summary:
      'A one-year fellowship measuring how well the party keeps its own commitments, reporting publicly each quarter.',
  },
];
