// The release control module: the registry of remote and shell releases, their store, canaries and
// rollbacks, and the admin API teams publish through. Delivery reads the active registry from here;
// the rest of the gateway imports it from here only.

export { releasesModule, type Releases, type ReleasesOverrides } from './releases-module.js';
export { type CanaryWatch } from './canary-watch.js';
export { type PageLoadTokens } from './page-load-tokens.js';
export {
  forCohort,
  releasesServed,
  servedTo,
  type PreviewedRelease,
  type RegistryCache,
  type RegistrySnapshot,
} from './registry-cache.js';
export { type ReleaseLoadCounts } from './release-load-counts.js';
export { type ReleasePreviews } from './release-previews.js';
export { releaseStoreProblems } from './release-cache.js';
export { fileVerifier } from './release-integrity.js';
export { activateRelease, activeCanaries, CONFIGURED_BUILD, releaseFiles, startCanary } from './release-registry.js';
export { serverBuildAsPublished } from './release-store-check.js';
export { type VisitorCohorts } from './visitor-cohort.js';
