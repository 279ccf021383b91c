// The delivery module: what the browser and the load balancer get: the site's files, the releases'
// files, server-rendered pages, the registry browsers load remotes by, and the health probes.
// Only the composition root imports it, from here.

export { healthRoutes, probeRoutes, type Readiness } from './health.js';
export { configuredSitePages } from './pages/configured-site-pages.js';
export { crawlFiles, servePages } from './pages/serve-pages.js';
export { pageFormPosts } from './pages/page-forms.js';
export { type SitePages } from './pages/site-pages.js';
export { remoteRegistryRoutes } from './remote-registry.js';
export { hashedAssetMemory } from './files/hashed-asset-memory.js';
export { serveReleases } from './files/serve-releases.js';
export { serveSite } from './files/serve-site.js';
