import { Writable } from 'node:stream';
import { pino } from 'pino';
import { type GatewayConfig, readConfig } from '../config.js';
import type { Database } from '../platform/db/database.js';
import { composeGateway } from '../gateway.js';
import type { Logger } from '../platform/logger.js';
import { testConfiguredRoutes } from './configured-routes.js';

export interface TestGateway {
  url: string;
  /** Where `/api/admin` is: its own listener with `ADMIN_PORT`, or the public one. */
  adminUrl: string;
  /** Every log line, as written. */
  logs: string[];
  /** What Prometheus scrapes from its internal listener (METRICS_PORT, an ephemeral port here). */
  scrape(): Promise<string>;
  /** The configuration it was started with. */
  config: GatewayConfig;
  /** What it logs with (into `logs`): for a test's own second instance of a part (donation-worker.ts). */
  logger: Logger;
  close(): Promise<void>;
}

/** The key the test gateways sign email links with, so that a test can make its own links. */
export const TEST_SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

/**
 * The gateway as server.ts composes it (composeGateway, config from `env`), on an ephemeral port of
 * this machine, logging into memory, on `db` (migrated; the test closes it). Its outbox, donation
 * checks, retention and events' rounds run only when `env` turns them on.
 */
export async function startTestGateway(db: Database, env: NodeJS.ProcessEnv = {}): Promise<TestGateway> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = readConfig({
    SERVE_SITE: 'false',
    LOG_LEVEL: 'info',
    OUTBOX_WORKER: 'false',
    DONATION_WORKER: 'false',
    RETENTION_WORKER: 'false',
    EVENTS_ROUND_SECONDS: '0',
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    SHUTDOWN_DRAIN_MS: '0',
    CONTROL_SOCKET: 'off',
    METRICS_PORT: '0',
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const logger = pino({ level: config.logLevel }, sink);
  const gateway = await composeGateway(config, {
    db,
    logger,
    configuredRoutes: testConfiguredRoutes,
    donationReportWaitMs: 1_000,
  });
  const { url, adminUrl, metricsUrl } = await gateway.start();
  return {
    url,
    adminUrl,
    logs,
    async scrape() {
      if (!metricsUrl) throw new Error('This test gateway has no metrics listener (METRICS_PORT).');
      return (await fetch(metricsUrl)).text();
    },
    config,
    logger,
    close: () => gateway.stop(),
  };
}
