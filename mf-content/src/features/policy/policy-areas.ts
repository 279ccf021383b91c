import { policyAreaIds, policyAreaTitles, type PolicyAreaId } from '@party/shared-contracts';
import type { IconName } from '../../ui/Icon';

export interface PolicyArea {
  id: PolicyAreaId;
  title: string;
  icon: IconName;
  /** Which design token colours the area: secondary, accent or primary. */
  color: 'secondary' | 'accent' | 'primary';
  overview: string;
  keyInitiatives: readonly string[];
  evidenceBase: readonly string[];
}

export const policyAreas: readonly PolicyArea[] = [
  {
    id: 'economy',
    title: policyAreaTitles.economy,
    icon: 'chart',
    color: 'primary',
    overview:
      'Growth that people can feel depends on productive firms, fair taxes and a state that does not waste its citizens’ time. We will simplify the tax system, publish the return on every major public investment, and back the sectors where the evidence says public money multiplies.',
    keyInitiatives: [
      'A single digital tax account that pre-fills returns from data the state already holds',
      'A public investment register with independent cost-benefit reviews published before funding',
      'Regional productivity missions co-designed with local employers, universities and unions',
      'Payment of public-sector invoices within 14 days, to stop the state starving small suppliers',
    ],
    evidenceBase: [
      'OECD comparisons of pre-filled tax returns and compliance costs',
      'National audit office reviews of capital projects, 2010–2023',
      'Evaluations of regional innovation clusters in Europe and North America',
    ],
  },
  {
    id: 'healthcare',
    title: policyAreaTitles.healthcare,
    icon: 'heart',
    color: 'secondary',
    overview:
      'Health systems spend most of their money on chronic conditions they could have prevented or managed earlier. We will shift resources to prevention and primary care, give every patient ownership of their record, and fund treatments by the outcomes they deliver.',
    keyInitiatives: [
      'One patient-held health record, readable by any clinician the patient chooses',
      'Same-week primary care appointments, with booking and results online and by phone',
      'A prevention fund ring-fenced at 5% of the health budget, evaluated every year',
      'Published waiting times and outcomes for every hospital and clinic',
    ],
    evidenceBase: [
      'Cochrane reviews of preventive interventions for diabetes and heart disease',
      'Outcomes of integrated patient records in Estonia and Denmark',
      'Studies of primary-care access and emergency admissions',
    ],
  },
  {
    id: 'education',
    title: policyAreaTitles.education,
    icon: 'book',
    color: 'accent',
    overview:
      'What happens in the classroom matters more than any structural reform. We will invest in teachers, use the methods with the strongest evidence, and make lifelong learning a right rather than a privilege of those who can afford it.',
    keyInitiatives: [
      'A national teacher development programme built on rigorously evaluated methods',
      'Small-group tutoring for every pupil who falls behind in reading or mathematics',
      'A lifelong learning account for every adult, topped up at career transitions',
      'An open register of education trials and their results',
    ],
    evidenceBase: [
      'Education Endowment Foundation toolkit of teaching approaches',
      'Randomised trials of high-dosage tutoring programmes',
      'Evaluations of individual learning accounts in Singapore and France',
    ],
  },
  {
    id: 'environment',
    title: policyAreaTitles.environment,
    icon: 'leaf',
    color: 'secondary',
    overview:
      'Climate policy fails when it is vague, and succeeds when it is measured. We will set binding carbon budgets by sector, price pollution predictably, and return the revenue to households so that the transition is fair.',
    keyInitiatives: [
      'Sector carbon budgets with an independent annual progress report',
      'A rising carbon price with a dividend paid to every household',
      'A national retrofit programme for homes, prioritising the lowest-income households',
      'Open, real-time data on air and water quality for every community',
    ],
    evidenceBase: [
      'IPCC Sixth Assessment Report mitigation pathways',
      'Evaluations of carbon fee-and-dividend schemes in British Columbia and Switzerland',
      'Home energy retrofit trials and their measured savings',
    ],
  },
  {
    id: 'governance',
    title: policyAreaTitles.governance,
    icon: 'landmark',
    color: 'primary',
    overview:
      'Trust in institutions depends on being able to see how decisions are made. We will publish the evidence behind every bill, make lobbying fully transparent, and give citizens a real say through deliberative assemblies.',
    keyInitiatives: [
      'An evidence statement published with every bill, reviewed by an independent office',
      'A real-time register of lobbying meetings and ministerial diaries',
      'Citizens’ assemblies on long-term questions, with a duty on government to respond',
      'Sunset clauses and scheduled reviews for major regulations',
    ],
    evidenceBase: [
      'OECD studies of deliberative democracy and citizens’ assemblies',
      'Transparency registers in the EU and Ireland, and their effects',
      'Regulatory review practice in Australia and Canada',
    ],
  },
  {
    id: 'technology',
    title: policyAreaTitles.technology,
    icon: 'cpu',
    color: 'accent',
    overview:
      'Technology should make government simpler, fairer and more accountable, never less. We will build public digital infrastructure as open source, protect privacy by design, and require every algorithm that makes a decision about a person to be explainable and appealable.',
    keyInitiatives: [
      'Public digital infrastructure (identity, payments, notifications) built as open source',
      'A public register of algorithms used in decisions about people, with the right to a human review',
      'Privacy by design: the state keeps only the data a service needs, for as long as it needs it',
      'Digital skills and assisted access at every library and post office',
    ],
    evidenceBase: [
      'Estonia’s X-Road and India’s public digital infrastructure',
      'Algorithmic transparency registers in Amsterdam and Helsinki',
      'Research on digital exclusion and assisted digital services',
    ],
  },
];

export const defaultPolicyArea: PolicyAreaId = 'economy';

/** The area a `?area=` value names; anything unknown opens the default area. */
export function policyAreaFromParam(value: string | null): PolicyArea {
  const id = policyAreaIds.find((candidate) => candidate === value) ?? defaultPolicyArea;
  return policyAreas.find((area) => area.id === id)!;
}

export const policyProcess = [
  {
    title: 'Evidence gathering',
    body: 'A working group reviews the research and what has been tried elsewhere, and publishes what it finds.',
  },
  {
    title: 'Expert consultation',
    body: 'Independent specialists, including people who disagree with us, test the draft against the evidence.',
  },
  {
    title: 'Stakeholder input',
    body: 'Members, affected communities and frontline workers comment on the open draft for four weeks.',
  },
  {
    title: 'Continuous evaluation',
    body: 'Each adopted policy carries measures and a review date; we report the results, good or bad.',
  },
] as const;

export const policyPrinciples = [
  {
    title: 'Evidence over ideology',
    body: 'A proposal stands or falls on what the evidence shows, whichever tradition it comes from.',
  },
  {
    title: 'Designed with users',
    body: 'Services are designed with the people who use and deliver them, and tested before they launch.',
  },
  {
    title: 'Open by default',
    body: 'Data, drafts, code and decisions are public unless there is a stated reason they cannot be.',
  },
  {
    title: 'Measured outcomes',
    body: 'Every policy names its measures of success and the date we will report against them.',
  },
  {
    title: 'Fair to future generations',
    body: 'Costs and benefits are counted over decades, including those that fall on people not yet voting.',
  },
  {
    title: 'Reversible when wrong',
    body: 'Pilots come before national roll-outs, and every major rule has a review and a sunset clause.',
  },
] as const;
