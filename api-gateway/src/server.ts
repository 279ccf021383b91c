import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createLogger } from './logger.js';
import { memoryRateLimitStore } from './rate-limit/memory-rate-limit-store.js';
import { redisRateLimitStore } from './rate-limit/redis-rate-limit-store.js';

const config = readConfig();
const logger = createLogger(config);
const db = await openDatabase(config.database);
const applied = await migrate(db);
logger.info({ database: db.kind, applied }, 'database ready');
const rateLimitStore = config.rateLimit.redisUrl ? await redisRateLimitStore(config.rateLimit.redisUrl) : memoryRateLimitStore();

const server = createApp({ config, db, logger, rateLimitStore }).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ url, site: Boolean(config.site) }, 'gateway listening');
  // The one line a person starting the site looks for.
  console.log(config.site ? `\n  Site ready at ${url}\n` : `\n  API ready at ${url} (the site is served by the dev servers)\n`);
});

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await Promise.all([db.close(), rateLimitStore.close()]);
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
