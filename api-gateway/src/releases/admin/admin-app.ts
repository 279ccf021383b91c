import Koa from 'koa';
import type { GatewayConfig } from '../../config.js';
import {
  clientAddress,
  type Database,
  errorHandler,
  type FormRateLimiter,
  type Logger,
  requestLogger,
} from '../../platform/index.js';
import type { ReleaseCache } from '../release-cache.js';
import type { ReleasePreviews } from '../release-previews.js';
import { adminRoutes } from './admin-routes.js';

/**
 * The admin listener (ADMIN_HOST:ADMIN_PORT): release control and nothing else, so that it can be
 * kept off the public network. Without ADMIN_PORT the same routes are on the public listener.
 */
export function createAdminApp(
  config: Pick<GatewayConfig, 'trustProxy' | 'logClientKey' | 'releases'>,
  db: Database,
  releases: ReleaseCache,
  previews: ReleasePreviews,
  logger: Logger,
  limits: Pick<FormRateLimiter, 'counter'>,
): Koa {
  const app = new Koa();
  const admin = adminRoutes(db, releases, config.releases.baseUrl, previews, { kind: 'tokens', limits });
  app.use(clientAddress(config.trustProxy));
  app.use(requestLogger(logger, config.logClientKey));
  app.use(errorHandler(logger));
  app.use(admin.routes()).use(admin.allowedMethods());
  return app;
}
