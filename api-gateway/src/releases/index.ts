// The release control module: the registry of remote and shell releases, their store, canaries and
// rollbacks, and the admin API teams publish through. Delivery reads the active registry from here;
// the rest of the gateway imports it from here only.

export { createAdminApp } from './admin/admin-app.js';
export { adminRoutes } from './admin/admin-routes.js';
export { createAdminToken, isTokenScope, listAdminTokens, revokeAdminToken } from './admin/admin-tokens.js';
export { canaryWatch, type CanaryWatch } from './canary-watch.js';
export { configuredRoutesReader, type ConfiguredRoutes } from './configured-routes.js';
export { pageLoadTokens, type PageLoadTokens } from './page-load-tokens.js';
export { publishRelease, type ReleaseStore } from './publish-release.js';
export {
  forCohort,
  registryCache,
  releasesOf,
  releasesServed,
  servedTo,
  type PreviewedRelease,
  type RegistryCache,
  type RegistrySnapshot,
} from './registry-cache.js';
export { releaseLoadCounts, type ReleaseLoadCounts } from './release-load-counts.js';
export { releaseOverview, type ReleaseOverview } from './release-overview.js';
export { releasePreviews, type ReleasePreview, type ReleasePreviews } from './release-previews.js';
export { registryGauges } from './registry-gauges.js';
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
  type ActiveRelease,
  type Canary,
} from './release-registry.js';
export { serverBuildAsPublished, storedAsPublished } from './release-store-check.js';
export { remoteFailureRoutes } from './remote-failures.js';
export { cohortWhileCanaries } from './visitor-cohort.js';
