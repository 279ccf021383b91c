import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createApp } from '../app.js';
import { readConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { donationLedger, type DonationLedger } from '../donations/donation-ledger.js';
import { scheduleDonationChecks } from '../donations/donation-routes.js';
import { configuredOutboxWorker, type OutboxWorker } from '../email/outbox-worker.js';
import { signedLinks } from '../email/signed-links.js';
import { listen, urlOf } from '../http-server.js';
import { createGatewayMetrics, type GatewayMetrics } from '../metrics/gateway-metrics.js';
import { newsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { passwordHasher } from '../passwords/password-hash.js';
import { createFormRateLimiter } from '../rate-limit/form-rate-limiter.js';
import { registryCache } from '../releases/registry-cache.js';
import { testConfiguredRoutes } from './configured-routes.js';

export interface TestGateway {
  url: string;
  /** Every log line, as written. */
  logs: string[];
  metrics: GatewayMetrics;
  /** The outbox worker, when `OUTBOX_WORKER=true` is in `env` (with SMTP_URL or MAIL_DIR). */
  outbox: OutboxWorker | null;
  /** The donation ledger of `DONATION_RULES`; re-checked on its own only with `DONATION_WORKER=true`. */
  donations: DonationLedger | null;
  close(): Promise<void>;
}

/** The key the test gateways sign email links with, so that a test can make its own links. */
export const TEST_SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

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
  const config = readConfig({ SERVE_SITE: 'false', LOG_LEVEL: 'info', OUTBOX_WORKER: 'false', DONATION_WORKER: 'false', SIGNING_SECRET: TEST_SIGNING_SECRET, ...env });
  const logger = pino({ level: config.logLevel }, sink);
  const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
  const registry = await registryCache({ db, configured: config.remoteEntries, configuredRoutes: testConfiguredRoutes, logger, signingSecret: config.email.signingSecret });
  const metrics = createGatewayMetrics();
  const passwords = passwordHasher(config.passwordHashing);
  const outbox = configuredOutboxWorker(config.email, db, logger);
  const emailLinks = signedLinks(config.email.signingSecret!);
  const newsletter = newsletterSubscriptions(db, emailLinks, () => outbox?.wake());
  const { rules } = config.donations;
  const donations = rules.accepting ? donationLedger(db, rules, logger, { recheckMs: config.donations.checkEveryMs ?? undefined, rpcTimeoutMs: config.donations.rpcTimeoutMs, reportWaitMs: 1_000 }) : null;
  const stopDonationChecks = donations && config.donations.checkEveryMs !== null ? scheduleDonationChecks(donations, config.donations.checkEveryMs, (error) => logger.warn({ err: error }, 'donations could not be re-checked')) : () => undefined;
  const app = createApp({ config, db, logger, rateLimiter, registry, metrics, passwords, newsletter, emailLinks, onEmailQueued: () => outbox?.wake(), donations });
  const server = await listen(app, '127.0.0.1', 0, config.http);
  return {
    url: urlOf(server, '127.0.0.1'),
    logs,
    metrics,
    outbox,
    donations,
    close: async () => {
      stopDonationChecks();
      donations?.close();
      await outbox?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([registry.close(), rateLimiter.close(), passwords.close()]);
    },
  };
}
