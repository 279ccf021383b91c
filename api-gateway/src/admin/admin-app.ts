import Koa from 'koa';
import type { GatewayConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { FormRateLimiter } from '../rate-limit/form-rate-limiter.js';
import type { ReleaseCache } from '../releases/release-cache.js';
import { clientAddress } from '../middleware/client-address.js';
import { errorHandler } from '../middleware/error-handler.js';
import { requestLogger } from '../middleware/request-logger.js';
import { adminRoutes } from './admin-routes.js';

/**
 * The admin listener (ADMIN_HOST:ADMIN_PORT): release control and nothing else, so that it can be
 * kept off the public network. Without ADMIN_PORT the same routes are on the public listener.
 */
export function createAdminApp(
  config: Pick<GatewayConfig, 'trustProxy' | 'logClientKey' | 'releases'>,
  db: Database,
  releases: ReleaseCache,
  logger: Logger,
  limits: Pick<FormRateLimiter, 'counter'>,
): Koa {
  const app = new Koa();
  const admin = adminRoutes(db, releases, config.releases.baseUrl, { kind: 'tokens', limits });
  app.use(clientAddress(config.trustProxy));
  app.use(requestLogger(logger, config.logClientKey));
  app.use(errorHandler(logger));
  app.use(admin.routes()).use(admin.allowedMethods());
  return app;
}
