import fs from 'node:fs';
import path from 'node:path';
import { createAdminApp } from './admin/admin-app.js';
import { createApp } from './app.js';
import { configurationWarnings, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { donationLedger } from './donations/donation-ledger.js';
import { donationTerms } from './donations/donation-rules.js';
import { scheduleDonationChecks } from './donations/donation-routes.js';
import { configuredOutboxWorker } from './email/outbox-worker.js';
import { linkSigningSecret, signedLinks } from './email/signed-links.js';
import { prepareSchema } from './db/migrate.js';
import { closeServer, listen, urlOf } from './http-server.js';
import { createLogger } from './logger.js';
import { createGatewayMetrics } from './metrics/gateway-metrics.js';
import { newsletterSubscriptions } from './newsletter/newsletter-subscriptions.js';
import { createMetricsApp } from './metrics/metrics-app.js';
import { passwordHasher } from './passwords/password-hash.js';
import { createFormRateLimiter } from './rate-limit/form-rate-limiter.js';
import { localRelease, localReleases } from './pages/release-files.js';
import { sitePages } from './pages/site-pages.js';
import { configuredRoutesReader } from './releases/configured-routes.js';
import { registryCache } from './releases/registry-cache.js';
import { serverBuildAsPublished } from './releases/release-store-check.js';
import { scheduleRetention } from './retention/retention-schedule.js';

const config = readConfig();
const logger = createLogger(config);
for (const warning of configurationWarnings(config)) logger.warn(warning);

// Migrations may take longer than any request may: they get a connection without the query timeout.
const migrations = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, queryTimeoutMs: 10 * 60_000 } : config.database, logger);
const applied = await prepareSchema(migrations, config.migrateOnStart);
if (config.database.kind === 'postgres') await migrations.close();
const db = config.database.kind === 'postgres' ? await openDatabase(config.database, logger) : migrations;
logger.info({ database: db.kind, applied }, 'database ready');

const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
const signingSecret = await linkSigningSecret(db, config.email.signingSecret);
const registry = await registryCache({ db, configured: config.remoteEntries, configuredRoutes: configuredRoutesReader(config.configuredBuildDir), logger, signingSecret });
const metrics = createGatewayMetrics();
const passwords = passwordHasher(config.passwordHashing);
const outbox = configuredOutboxWorker(config.email, db, logger);
const emailLinks = signedLinks(signingSecret);
const newsletter = newsletterSubscriptions(db, emailLinks, () => outbox?.wake());
const { rules: donationRules } = config.donations;
const stopRetention = config.retentionWorker
  ? scheduleRetention(db, newsletter, logger, { donationRecordsKeptYears: donationRules.accepting ? donationRules.recordsKeptYears : null })
  : () => undefined;
const donations = donationRules.accepting ? donationLedger(db, donationRules, logger, { recheckMs: config.donations.checkEveryMs ?? undefined, rpcTimeoutMs: config.donations.rpcTimeoutMs }) : null;
const stopDonationChecks =
  donations && config.donations.checkEveryMs !== null
    ? scheduleDonationChecks(donations, config.donations.checkEveryMs, (error) => logger.warn({ err: error }, 'donations could not be re-checked'))
    : () => undefined;
logger.info({ profile: donationRules.profile, accepting: donationRules.accepting }, 'donation rules');
const site = config.site;
const pages = site && fs.existsSync(path.join(site.shellDir, 'index.html'))
  ? sitePages({
      registry,
      releases: (current) => localReleases(current, config),
      shellBuild: (shell) => (shell ? localRelease('shell', shell.entry, config) : { dir: site.shellDir, baseUrl: '/' }),
      serverBuildIntact: serverBuildAsPublished(db),
      budgetMs: site.renderBudgetMs,
      publicOrigin: config.publicOrigin,
      settings: { donations: donationTerms(donationRules) },
      logger,
      metrics,
    })
  : null;

// Not ready until its pages are rendered; draining once told to stop.
const readiness = { ready: false, draining: false };
const server = await listen(
  createApp({ config, db, logger, rateLimiter, registry, metrics, passwords, newsletter, emailLinks, onEmailQueued: () => outbox?.wake(), pages, donations, readiness }),
  config.host,
  config.port,
  config.http,
);
const metricsServer = config.metrics ? await listen(createMetricsApp(metrics), config.metrics.host, config.metrics.port, config.http) : null;
const adminServer = config.admin ? await listen(createAdminApp(config, db, logger, rateLimiter), config.admin.host, config.admin.port, config.http) : null;

const url = urlOf(server, config.host);
// Every page is rendered (for the configured origin, or this address) before the site is ready.
await pages?.warm(config.publicOrigin ?? url).catch((error: unknown) => logger.warn({ err: error }, 'pages not rendered in advance'));
readiness.ready = true;
logger.info(
  {
    url,
    site: Boolean(config.site),
    metrics: metricsServer && `${urlOf(metricsServer, config.metrics?.host ?? '')}/metrics`,
    email: config.email.transport.kind === 'smtp' ? 'smtp' : config.email.transport.dir,
    admin: adminServer ? `${urlOf(adminServer, config.admin?.host ?? '')}/api/admin` : `${url}/api/admin`,
  },
  'gateway listening',
);
// The one line a person starting the site looks for.
console.log(config.site ? `\n  Site ready at ${url}\n` : `\n  API ready at ${url} (the site is served by the dev servers)\n`);

/**
 * SIGTERM: answer not ready while still serving, for the load balancer to notice; then stop taking
 * connections and let those open finish (cut past the deadline); then stop the workers (the outbox
 * hands back what it could not finish) and close the database.
 */
async function shutdown(signal: string) {
  logger.info({ signal, drainMs: config.shutdown.drainMs }, 'draining');
  readiness.draining = true;
  await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainMs));
  await Promise.all([server, metricsServer, adminServer].flatMap((each) => (each ? [closeServer(each, config.shutdown.timeoutMs)] : [])));
  pages?.close();
  stopRetention();
  stopDonationChecks();
  donations?.close();
  await Promise.all([registry.close(), rateLimiter.close(), outbox?.stop(config.shutdown.timeoutMs), passwords.close()]);
  await db.close();
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
