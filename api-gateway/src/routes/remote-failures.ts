import { Router } from '@koa/router';
import { REMOTE_FAILURE_PATH, remoteFailureReportSchema } from '@party/shared-contracts';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';
import type { GatewayMetrics } from '../metrics/gateway-metrics.js';

/**
 * `POST /api/remote-failures`: the shell reports a remote that failed to load. A valid report is
 * logged, counted and answered 204; anything else is a 400.
 */
export function remoteFailureRoutes(metrics: GatewayMetrics, logger: Logger, guards: Middleware[]): Router {
  const router = new Router();
  router.post(REMOTE_FAILURE_PATH, ...guards, (ctx) => {
    const parsed = remoteFailureReportSchema.safeParse(ctx.state.body);
    const { remote, version, code, route } = parsed.success ? parsed.data : ctx.throw(400, 'Not a remote failure report.');
    logger.warn({ remote, version, code, route }, 'remote failed to load in a browser');
    metrics.remoteLoadFailures.inc({ remote, version, code });
    ctx.status = 204;
  });
  return router;
}
