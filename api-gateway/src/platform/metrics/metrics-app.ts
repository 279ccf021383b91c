import Koa from 'koa';
import type { GatewayMetrics } from './gateway-metrics.js';

/**
 * The internal listener (METRICS_HOST:METRICS_PORT): `GET /metrics` in Prometheus' text format and
 * nothing else. It is a listener of its own so that no public request can read or reach it.
 */
export function createMetricsApp(metrics: GatewayMetrics): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' || ctx.path !== '/metrics') ctx.throw(404);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return app;
}
