// Apart from the consultations' schemas: mf-content's policy page reads these ids and must not bring
// a validator's code with them (its first visit has a JavaScript budget).

/** The policy areas of /policy, by id: each links to its consultations. */
export const policyAreaIds = ['economy', 'healthcare', 'education', 'environment', 'governance', 'technology'] as const;
export type PolicyAreaId = (typeof policyAreaIds)[number];
