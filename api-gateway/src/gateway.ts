import type http from 'node:http';
import type Koa from 'koa';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type ConfiguredRoutes,
  configuredRoutesReader,
  pageLoadTokens,
  createAdminApp,
  registryCache,
  type RegistryCache,
  releaseCache,
  type ReleaseCache,
  registryGauges,
  releasePreviews,
  releasesOf,
} from './releases/index.js';
import { createApp } from './app.js';
import { createControlApp, listenControlSocket } from './control/control-app.js';
import { configurationWarnings, type GatewayConfig } from './config.js';
import {
  createFormRateLimiter,
  backupGauges,
  createGatewayMetrics,
  createLogger,
  createMetricsApp,
  type Database,
  type GatewayMetrics,
  type Logger,
  openDatabase,
  passwordHasher,
  prepareSchema,
  configuredSiteOrigin,
} from './platform/index.js';
import {
  configuredOutboxWorker,
  configuredDonations,
  type DonationLedger,
  donationTerms,
  hasLedger,
  linkSigningSecret,
  newsletterSubscriptions,
  outboxGauges,
  donationGauges,
  type OutboxWorker,
  scheduleRetention,
  signedLinks,
} from './people/index.js';
import { closeServer, listen, urlOf } from './http-server.js';
import { configuredSitePages, type Readiness, type SitePages } from './delivery/index.js';

/** What a test may put in place of what the configuration would make. */
export interface GatewayOverrides {
  /** An open, migrated database the caller keeps: not opened, migrated or closed here. */
  db?: Database;
  logger?: Logger;
  /** The routes of the configured builds (tests have no builds on disk). */
  configuredRoutes?: ConfiguredRoutes;
  /** How long a donation report waits for its transaction to be mined. */
  donationReportWaitMs?: number;
}

export interface Gateway {
  /** The public listener's application (tests drive it without a listener). */
  readonly app: Koa;
  readonly config: GatewayConfig;
  readonly db: Database;
  readonly logger: Logger;
  readonly metrics: GatewayMetrics;
  readonly registry: RegistryCache;
  readonly releases: ReleaseCache;
  readonly outbox: OutboxWorker | null;
  readonly donations: DonationLedger | null;
  readonly pages: SitePages | null;
  readonly readiness: Readiness;
  /** Opens the listeners, renders every page, then answers ready; the public listener's URL. */
  start(): Promise<{ url: string; metricsUrl: string | null; adminUrl: string }>;
  /**
   * Not ready while still serving (for the load balancer to notice), then no new connections and
   * those open finished (cut past the deadline), then the workers stopped (the outbox hands back
   * what it could not finish) and the database closed.
   */
  stop(): Promise<void>;
}

async function openMigrated(config: GatewayConfig, logger: Logger): Promise<Database> {
  // Migrations may take longer than any request may: they get a connection without the query timeout.
  const migrations = await openDatabase(
    config.database.kind === 'postgres' ? { ...config.database, queryTimeoutMs: 10 * 60_000 } : config.database,
    logger,
  );
  const applied = await prepareSchema(migrations, config.migrateOnStart).catch(async (error: unknown) => {
    await migrations.close();
    throw error;
  });
  if (config.database.kind === 'postgres') await migrations.close();
  const db = config.database.kind === 'postgres' ? await openDatabase(config.database, logger) : migrations;
  logger.info({ database: db.kind, applied }, 'database ready');
  return db;
}

/**
 * The gateway, composed in one place from its configuration: what server.ts runs and every test
 * gateway starts. Nothing listens until `start()`.
 */
export async function composeGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Promise<Gateway> {
  const logger = overrides.logger ?? createLogger(config);
  for (const warning of configurationWarnings(config)) logger.warn(warning);
  const siteOrigin = configuredSiteOrigin({
    publicOrigin: config.publicOrigin,
    host: config.host,
    port: config.port,
    allowedOrigins: config.allowedOrigins,
  });
  const db = overrides.db ?? (await openMigrated(config, logger));

  const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
  const signingSecret = await linkSigningSecret(db, config.email.signingSecret);
  const releases = releaseCache(db, config.releases.storeDir, logger);
  const registry = await registryCache({
    db,
    configured: config.remoteEntries,
    configuredRoutes: overrides.configuredRoutes ?? configuredRoutesReader(config.configuredBuildDir),
    logger,
    signingSecret,
    prepare: (snapshot) =>
      Promise.all(releasesOf(snapshot).map(({ remote, version }) => releases.fetch(remote, version))),
  });
  const passwords = passwordHasher(config.passwordHashing);
  const outbox = configuredOutboxWorker(config.email, db, logger);
  const emailLinks = signedLinks(signingSecret);
  const newsletter = newsletterSubscriptions(db, emailLinks, () => outbox?.wake());
  const { rules: donationRules } = config.donations;
  const stopRetention = config.retentionWorker
    ? scheduleRetention(db, newsletter, logger, {
        donationRecordsKeptYears: hasLedger(donationRules) ? donationRules.recordsKeptYears : null,
      })
    : () => undefined;
  const metrics = createGatewayMetrics();
  outboxGauges(db, metrics.registry);
  donationGauges(db, metrics.registry);
  backupGauges(db, metrics.registry);
  registryGauges(registry, metrics.registry);
  const { ledger: donations, stopChecks: stopDonationChecks } = configuredDonations(config, {
    db,
    logger,
    metrics,
    siteOrigin,
    onEmailQueued: () => outbox?.wake(),
    reportWaitMs: overrides.donationReportWaitMs,
  });
  const previews = releasePreviews({ db, cache: releases, secret: signingSecret, siteOrigin, logger });
  const settings = { donations: donationTerms(donationRules) };
  const pages = configuredSitePages(config, { db, registry, settings, logger, metrics });

  // Not ready until its pages are rendered; draining once told to stop.
  const readiness: Readiness = { ready: false, draining: false };
  const app = createApp({
    config,
    db,
    logger,
    rateLimiter,
    registry,
    releases,
    metrics,
    passwords,
    newsletter,
    emailLinks,
    pageLoads: pageLoadTokens(signingSecret),
    previews,
    onEmailQueued: () => outbox?.wake(),
    pages,
    donations,
    readiness,
    siteOrigin,
  });
  const servers: http.Server[] = [];

  return {
    app,
    config,
    db,
    logger,
    metrics,
    registry,
    releases,
    outbox,
    donations,
    pages,
    readiness,
    async start() {
      const server = await listen(app, config.host, config.port, config.http);
      servers.push(server);
      const metricsServer = config.metrics
        ? await listen(createMetricsApp(metrics), config.metrics.host, config.metrics.port, config.http)
        : null;
      const adminServer = config.admin
        ? await listen(
            createAdminApp(config, db, releases, previews, logger, rateLimiter),
            config.admin.host,
            config.admin.port,
            config.http,
          )
        : null;
      const controlServer = config.controlSocket
        ? await listenControlSocket(
            createControlApp({ db, releases, previews, baseUrl: config.releases.baseUrl, passwords, logger }),
            config.controlSocket,
          )
        : null;
      servers.push(...[metricsServer, adminServer, controlServer].filter((each) => each !== null));
      const url = urlOf(server, config.host);
      siteOrigin.listening(url);
      // Every page is rendered for the site's origin before the site is ready.
      await pages
        ?.warm(siteOrigin.href)
        .catch((error: unknown) => logger.warn({ err: error }, 'pages not rendered in advance'));
      readiness.ready = true;
      const metricsUrl = metricsServer && `${urlOf(metricsServer, config.metrics?.host ?? '')}/metrics`;
      const adminUrl = adminServer ? `${urlOf(adminServer, config.admin?.host ?? '')}/api/admin` : `${url}/api/admin`;
      logger.info(
        {
          url,
          site: Boolean(config.site),
          metrics: metricsUrl,
          email: config.email.transport.kind === 'smtp' ? 'smtp' : config.email.transport.dir,
          admin: adminUrl,
          controlSocket: config.controlSocket,
        },
        'gateway listening',
      );
      return { url, metricsUrl, adminUrl };
    },
    async stop() {
      logger.info({ drainMs: config.shutdown.drainMs }, 'draining');
      readiness.draining = true;
      if (servers.length > 0) await delay(config.shutdown.drainMs);
      await Promise.all(servers.map((server) => closeServer(server, config.shutdown.timeoutMs)));
      pages?.close();
      stopRetention();
      stopDonationChecks();
      donations?.close();
      await Promise.all([
        registry.close(),
        rateLimiter.close(),
        outbox?.stop(config.shutdown.timeoutMs),
        passwords.close(),
      ]);
      if (!overrides.db) await db.close();
      logger.info('stopped');
    },
  };
}
