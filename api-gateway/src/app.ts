import Koa from 'koa';
import compress from 'koa-compress';
import type { GatewayConfig } from './config.js';
import type { Database } from './db/database.js';
import { formRoutes } from './forms/form-routes.js';
import { createGatewayMetrics } from './metrics/gateway-metrics.js';
import { browserPostGuards } from './middleware/browser-post-guards.js';
import type { Logger } from './logger.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestLogger } from './middleware/request-logger.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { securityHeaders } from './middleware/security-headers.js';
import type { RateLimitStore } from './rate-limit/rate-limit-store.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { remoteFailureRoutes } from './routes/remote-failures.js';
import { remoteRegistryRoutes, type RegistrySource } from './routes/remote-registry.js';
import { serveReleases } from './site/serve-releases.js';
import { serveSite } from './site/serve-site.js';

export interface GatewayDependencies {
  config: GatewayConfig;
  db: Database;
  logger: Logger;
  rateLimitStore: RateLimitStore;
}

/** Origins other than the gateway's own that the registry may send the browser to. */
function remoteOrigins(entries: string[]): string[] {
  const origins = entries
    .filter((entry) => /^https?:\/\//.test(entry))
    .map((entry) => new URL(entry).origin);
  return [...new Set(origins)];
}

/** Builds the gateway: every middleware, in the order a request meets them. */
export function createApp({ config, db, logger, rateLimitStore }: GatewayDependencies): Koa {
  // Behind a proxy, the client is the last address it reports: the one a client cannot forge.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });

  const metrics = createGatewayMetrics();
  const registry: RegistrySource = { db, configured: config.remoteEntries, logger };
  const guards = browserPostGuards({ config, rateLimitStore, logger });

  app.use(requestLogger(logger));
  app.use(requestMetrics(metrics));
  app.use(errorHandler(logger));
  app.use(securityHeaders(remoteOrigins([...Object.values(config.remoteEntries), config.releases.baseUrl])));
  app.use(compress());

  const routers = [
    healthRoutes(db, registry),
    remoteRegistryRoutes(registry),
    metricsRoutes(metrics),
    formRoutes(db, guards),
    remoteFailureRoutes(metrics, logger, guards),
  ];
  for (const router of routers) {
    app.use(router.routes()).use(router.allowedMethods());
  }

  app.use(serveReleases(config.releases.storeDir));
  if (config.site) app.use(serveSite(config.site));

  app.use((ctx) => {
    ctx.throw(404, ctx.path.startsWith('/api/') ? `No endpoint ${ctx.method} ${ctx.path}` : 'Not found');
  });

  return app;
}
