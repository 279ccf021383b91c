import type { Router } from '@koa/router';
import { REMOTE_FAILURE_PATH, remoteFailureReportSchema } from '@party/shared-contracts';
import type { BrowserPostGuards, GatewayMetrics, Logger } from '../platform/index.js';
import type { CanaryWatch } from './canary-watch.js';
import type { PageLoadTokens } from './page-load-tokens.js';
import type { RegistryCache } from './registry-cache.js';
import type { ReleaseLoadCounts } from './release-load-counts.js';

/** The version a page reports when it could not read the registry: it has no release, nor token. */
const UNKNOWN_RELEASE = 'unknown';

/**
 * `POST /api/remote-failures`: the shell reports a remote that failed to load. A report naming a
 * remote, a version the registry knows, a known code and a route of the active releases, with the
 * release's report token from a page of the site, is logged, counted (in the metrics, and against
 * a running canary, when the page load's own token names that release) and answered 204; anything
 * else is a 400 (403 for a wrong token), so that no client can grow the metrics with bare requests,
 * nor end a canary without loading its pages from many addresses.
 */
export function remoteFailureRoutes(
  router: Router,
  {
    metrics,
    logger,
    guards,
    registry,
    canaries,
    pageLoads,
    loadCounts,
  }: {
    metrics: GatewayMetrics;
    logger: Logger;
    guards: BrowserPostGuards;
    registry: RegistryCache;
    canaries: CanaryWatch;
    pageLoads: PageLoadTokens;
    loadCounts: Pick<ReleaseLoadCounts, 'failureReported'>;
  },
): void {
  router.post(REMOTE_FAILURE_PATH, ...guards(REMOTE_FAILURE_PATH), async (ctx) => {
    const parsed = remoteFailureReportSchema.safeParse(ctx.state.body);
    const snapshot = await registry.current();
    const known =
      parsed.success &&
      snapshot.knownVersions.get(parsed.data.remote)?.has(parsed.data.version) === true &&
      snapshot.knownRoutes.has(parsed.data.route);
    const report = known ? parsed.data : ctx.throw(400, 'Not a remote failure report.');
    const { remote, version, code, route, token } = report;
    if (version !== UNKNOWN_RELEASE && !registry.isReportToken(remote, version, token))
      ctx.throw(403, 'Not a report from a page of this site.');
    logger.warn({ remote, version, code, route }, 'remote failed to load in a browser');
    metrics.remoteLoadFailures.inc({ remote, version, code });
    if (version !== UNKNOWN_RELEASE) loadCounts.failureReported(remote, version);
    const load = pageLoads.loadOf(ctx);
    if (load && load.remote === remote && load.version === version)
      await canaries.failureReported(snapshot, remote, version, { nonce: load.nonce, client: ctx.ip });
    ctx.status = 204;
  });
}
