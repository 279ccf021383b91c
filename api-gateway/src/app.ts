import { Router } from '@koa/router';
import Koa from 'koa';
import type { GatewayConfig } from './config.js';
import type { Readiness } from './delivery/index.js';
import { boundedPath, type GatewayModule, type Platform, wellFormedIds } from './platform/index.js';

const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * The public gateway, in the order a request meets it: the platform's middleware (client address,
 * log, metrics, security headers, errors), every module's routes on one router, then what each
 * module answers after it (releases' files, pages, the site's files), then 404.
 * `/metrics` is not here: it is served on the internal listener.
 */
export function createApp(
  config: Pick<GatewayConfig, 'trustProxy'>,
  platform: Pick<Platform, 'front' | 'guards' | 'logger'>,
  modules: readonly GatewayModule[],
  readiness: Readiness,
): Koa {
  // Koa reads X-Forwarded-Proto and -Host only when a proxy is trusted, and clientAddress drops them
  // from anyone else.
  const app = new Koa({ proxy: config.trustProxy !== null });
  // Errors after the answer has started (a visitor who leaves mid-download) reach only the log.
  app.on('error', (error: Error & { code?: string }) => {
    if (CLIENT_WENT_AWAY.has(error.code ?? ''))
      platform.logger.debug({ err: error }, 'client left before the answer ended');
    else platform.logger.error({ err: error }, 'answer failed after it started');
  });
  // Draining: every answer closes its connection, so that clients reconnect to another instance.
  app.use(async (ctx, next) => {
    if (readiness.draining) ctx.set('Connection', 'close');
    await next();
  });
  for (const middleware of platform.front) app.use(middleware);

  const router = new Router();
  wellFormedIds(router);
  for (const module of modules) module.routes?.(router, platform.guards);
  app.use(router.routes()).use(router.allowedMethods());
  for (const module of modules) for (const handler of module.handlers?.(router) ?? []) app.use(handler);

  app.use((ctx) => {
    ctx.throw(404, ctx.path.startsWith('/api/') ? `No endpoint ${ctx.method} ${boundedPath(ctx.path)}` : 'Not found');
  });
  return app;
}
