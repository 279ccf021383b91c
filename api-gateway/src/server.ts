import { createApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { listen, urlOf } from './http-server.js';
import { createLogger } from './logger.js';
import { createGatewayMetrics } from './metrics/gateway-metrics.js';
import { createMetricsApp } from './metrics/metrics-app.js';
import { createFormRateLimiter } from './rate-limit/form-rate-limiter.js';
import { registryCache } from './releases/registry-cache.js';

const config = readConfig();
const logger = createLogger(config);

// Migrations may take longer than any request may: they get a connection without the query timeout.
const migrations = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, queryTimeoutMs: 10 * 60_000 } : config.database, logger);
const applied = await migrate(migrations);
if (config.database.kind === 'postgres') await migrations.close();
const db = config.database.kind === 'postgres' ? await openDatabase(config.database, logger) : migrations;
logger.info({ database: db.kind, applied }, 'database ready');

const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
const registry = await registryCache({ db, configured: config.remoteEntries, logger });
const metrics = createGatewayMetrics();

const server = await listen(createApp({ config, db, logger, rateLimiter, registry, metrics }), config.host, config.port, config.http);
const metricsServer = config.metrics ? await listen(createMetricsApp(metrics), config.metrics.host, config.metrics.port, config.http) : null;

const url = urlOf(server, config.host);
logger.info({ url, site: Boolean(config.site), metrics: metricsServer && `${urlOf(metricsServer, config.metrics?.host ?? '')}/metrics` }, 'gateway listening');
// The one line a person starting the site looks for.
console.log(config.site ? `\n  Site ready at ${url}\n` : `\n  API ready at ${url} (the site is served by the dev servers)\n`);

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  metricsServer?.close();
  await Promise.all([registry.close(), rateLimiter.close()]);
  await db.close();
  logger.flush();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
