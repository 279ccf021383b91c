import type { Router } from '@koa/router';
import { REMOTE_FAILURE_PATH, remoteFailureReportSchema } from '@party/shared-contracts';
import type { Logger } from '../logger.js';
import type { GatewayMetrics } from '../metrics/gateway-metrics.js';
import type { BrowserPostGuards } from '../middleware/browser-post-guards.js';
import type { RegistryCache } from '../releases/registry-cache.js';

/**
 * `POST /api/remote-failures`: the shell reports a remote that failed to load. A report naming a
 * remote, a version the registry knows, a known code and a route of the route table is logged,
 * counted and answered 204; anything else is a 400, so that no client can grow the metrics.
 */
export function remoteFailureRoutes(router: Router, metrics: GatewayMetrics, logger: Logger, guards: BrowserPostGuards, registry: RegistryCache): void {
  router.post(REMOTE_FAILURE_PATH, ...guards(REMOTE_FAILURE_PATH), async (ctx) => {
    const parsed = remoteFailureReportSchema.safeParse(ctx.state.body);
    const { knownVersions } = await registry.current();
    const report = parsed.success && knownVersions[parsed.data.remote].has(parsed.data.version) ? parsed.data : ctx.throw(400, 'Not a remote failure report.');
    const { remote, version, code, route } = report;
    logger.warn({ remote, version, code, route }, 'remote failed to load in a browser');
    metrics.remoteLoadFailures.inc({ remote, version, code });
    ctx.status = 204;
  });
}
