// Apart from the consultations' schemas: mf-content's policy page reads these ids and must not bring
// a validator's code with them (its first visit has a JavaScript budget).

/** The policy areas of /policy, by id: each links to its consultations. */
export const policyAreaIds = ['economy', 'healthcare', 'education', 'environment', 'governance', 'technology'] as const;
export type PolicyAreaId = (typeof policyAreaIds)[number];

/** Each policy area's name, as /policy and the consultations show it. */
export const policyAreaTitles = {
  economy: 'Economy',
  healthcare: 'Healthcare',
  education: 'Education',
  environment: 'Environment',
  governance: 'Governance',
  technology: 'Technology',
} as const satisfies Record<PolicyAreaId, string>;
