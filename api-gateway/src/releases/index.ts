// The release control module: the registry of remote and shell releases, their store, canaries and
// rollbacks, and the admin API teams publish through. Delivery reads the active registry from here;
// the rest of the gateway imports it from here only.

export { tokenCommand } from './admin/token-command.js';
export { releasesModule, type Releases } from './releases-module.js';
export { type CanaryWatch } from './canary-watch.js';
export { type ConfiguredRoutes } from './configured-routes.js';
export { type PageLoadTokens } from './page-load-tokens.js';
export { publishRelease, type ReleaseStore } from './publish-release.js';
export {
  forCohort,
  releasesServed,
  servedTo,
  type PreviewedRelease,
  type RegistryCache,
  type RegistrySnapshot,
} from './registry-cache.js';
export { type ReleaseLoadCounts } from './release-load-counts.js';
export { releasePreviews, type ReleasePreviews } from './release-previews.js';
export { releaseCache, releaseStoreProblems, type ReleaseCache } from './release-cache.js';
export { fileVerifier } from './release-integrity.js';
export {
  activateRelease,
  activeCanaries,
  activeReleases,
  CONFIGURED_BUILD,
  promoteCanary,
  releaseFiles,
  releaseHistory,
  rollbackRelease,
  startCanary,
} from './release-registry.js';
export { serverBuildAsPublished, storedAsPublished } from './release-store-check.js';
export { cohortWhileCanaries } from './visitor-cohort.js';
