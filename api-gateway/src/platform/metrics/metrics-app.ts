import Koa from 'koa';
import type { GatewayMetrics } from './gateway-metrics.js';

/**
 * The internal listener (METRICS_HOST:METRICS_PORT): `GET /metrics` in Prometheus' text format and
 * nothing else. It is a listener of its own so that no public request can read or reach it. A metric
 * whose collection fails (a gauge that reads the database, while it is down) is left out of that
 * scrape alone: the rest, `party_ready` 0 among them, still reach the operators when they matter most.
 */
export function createMetricsApp(metrics: GatewayMetrics): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' || ctx.path !== '/metrics') ctx.throw(404);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    const { registry } = metrics;
    const texts = await Promise.all(
      registry.getMetricsAsArray().map((metric) => registry.getSingleMetricAsString(metric.name).catch(() => null)),
    );
    ctx.body = `${texts.filter((text) => text !== null).join('\n\n')}\n`;
  });
  return app;
}
