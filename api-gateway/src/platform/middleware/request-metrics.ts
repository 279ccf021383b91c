import type { Context, Middleware } from 'koa';
import type { GatewayMetrics } from '../metrics/gateway-metrics.js';

/**
 * The route label of a request: the router's pattern where one matched, else a fixed group, so that
 * the metrics have a bounded set of series whatever URLs the world sends.
 */
function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
  if (matched) return matched;
  if (ctx.path.startsWith('/remotes/')) return 'remote-assets';
  if (ctx.path.startsWith('/api/')) return 'api-unmatched';
  if (ctx.status === 200 && ctx.response.is('html')) return 'site-page';
  return ctx.status === 404 ? 'not-found' : 'site-assets';
}

/** The remote release a request is answered from, where it is one (its page or its file). */
export interface ServedRelease {
  remote: string;
  version: string;
}

/** Names the release that answers this request, for its server errors to be counted against. */
export const answeredBy = (ctx: Context, release: ServedRelease) => void (ctx.state.servedRelease = release);

/**
 * Counts every request and records its latency, by route, method and status; a server error in
 * answering a remote's page or file also by that remote and release.
 */
export function requestMetrics(metrics: GatewayMetrics): Middleware {
  return async (ctx, next) => {
    const stop = metrics.requestDuration.startTimer();
    try {
      await next();
    } finally {
      const labels = { route: routeLabel(ctx), method: ctx.method, status: String(ctx.status) };
      stop(labels);
      metrics.requests.inc(labels);
      const release = ctx.state.servedRelease as ServedRelease | undefined;
      if (release && ctx.status >= 500) metrics.remoteServerErrors.inc(release);
    }
  };
}
