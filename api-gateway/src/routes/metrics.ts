import { Router } from '@koa/router';
import type { GatewayMetrics } from '../metrics/gateway-metrics.js';

/** `GET /metrics` in Prometheus' text format. Operators keep it off the public internet at the proxy. */
export function metricsRoutes(metrics: GatewayMetrics): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
