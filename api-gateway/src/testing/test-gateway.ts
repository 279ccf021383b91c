import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createApp } from '../app.js';
import { readConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { listen, urlOf } from '../http-server.js';
import { createGatewayMetrics, type GatewayMetrics } from '../metrics/gateway-metrics.js';
import { createFormRateLimiter } from '../rate-limit/form-rate-limiter.js';
import { registryCache } from '../releases/registry-cache.js';

export interface TestGateway {
  url: string;
  /** Every log line, as written. */
  logs: string[];
  metrics: GatewayMetrics;
  close(): Promise<void>;
}

/**
 * The gateway as server.ts composes it (config from `env`, rate limiter, registry, HTTP limits), on
 * an ephemeral port of this machine, logging into memory. The database must be migrated.
 */
export async function startTestGateway(db: Database, env: NodeJS.ProcessEnv = {}): Promise<TestGateway> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = readConfig({ SERVE_SITE: 'false', LOG_LEVEL: 'info', ...env });
  const logger = pino({ level: config.logLevel }, sink);
  const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
  const registry = await registryCache({ db, configured: config.remoteEntries, logger });
  const metrics = createGatewayMetrics();
  const server = await listen(createApp({ config, db, logger, rateLimiter, registry, metrics }), '127.0.0.1', 0, config.http);
  return {
    url: urlOf(server, '127.0.0.1'),
    logs,
    metrics,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([registry.close(), rateLimiter.close()]);
    },
  };
}
