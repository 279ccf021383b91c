// The delivery module: what the browser and the load balancer get: the site's files, the releases'
// files, server-rendered pages, the registry browsers load remotes by, and the health probes.
// Only the composition root imports it, from here.

export { deliveryModule, type PageSources } from './delivery-module.js';
export { type Readiness } from './health.js';
