import type { Router } from '@koa/router';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { configurationWarnings, type GatewayConfig } from '../config.js';
import { backupManifestSchema } from './db/backup.js';
import { backupGauges, recordBackup } from './db/backup-gauges.js';
import { openDatabase, type Database } from './db/database.js';
import { prepareSchema } from './db/migrate.js';
import type { GatewayModule } from './gateway-module.js';
import { outboxGauges } from './email/outbox-gauges.js';
import { configuredOutboxWorker } from './email/outbox-worker.js';
import { signedLinks, type SignedLinks } from './email/signed-links.js';
import { createLogger, type Logger } from './logger.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics/gateway-metrics.js';
import { createMetricsApp } from './metrics/metrics-app.js';
import { browserPostGuards, type BrowserPostGuards } from './middleware/browser-post-guards.js';
import { clientAddress } from './middleware/client-address.js';
import { errorHandler } from './middleware/error-handler.js';
import { jsonBody } from './middleware/json-body.js';
import { requestLogger } from './middleware/request-logger.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { securityHeaders, sitePolicy, type SecurityPolicy } from './middleware/security-headers.js';
import { passwordHasher, type PasswordHasher } from './passwords/password-hash.js';
import { createFormRateLimiter, type FormRateLimiter } from './rate-limit/form-rate-limiter.js';
import { configuredSiteOrigin, type SiteOrigin } from './site-origin.js';
import { siteSecret } from './site-secret.js';

/** What a test may put in place of what the configuration would make. */
export interface PlatformOverrides {
  /** An open, migrated database the caller keeps: not opened, migrated or closed here. */
  db?: Database;
  logger?: Logger;
}

/** What every other module stands on, and what each public request meets first. */
export interface Platform extends GatewayModule {
  readonly db: Database;
  readonly logger: Logger;
  readonly metrics: GatewayMetrics;
  readonly rateLimiter: FormRateLimiter;
  /** Hashes members' and staff's passwords on threads `stop` closes. */
  readonly passwords: PasswordHasher;
  /** The site's own address: every link, email and canonical URL is built on it, never on a request's Host. */
  readonly siteOrigin: SiteOrigin;
  /** What the site's emailed links, page-load tokens and preview links are signed with. */
  readonly secret: string;
  /** Signs and verifies the links the site's emails carry. */
  readonly emailLinks: SignedLinks;
  /**
   * Told by whoever queues an email on its own transaction, so that this instance's outbox worker
   * sends it at once rather than at its next poll (nothing where another instance delivers).
   */
  emailQueued(): void;
  /** The site's Content-Security-Policy. */
  readonly policy: SecurityPolicy;
  /** Origin check, rate limit and body of every POST from the site's pages. */
  readonly guards: BrowserPostGuards;
  /** The middleware every public request meets first, in order. */
  readonly front: readonly Middleware[];
  /** The internal listener's app: `/metrics`. */
  readonly metricsApp: Koa;
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

/** Origins other than the gateway's own that the registry may send the browser to. */
function remoteOrigins(entries: string[]): string[] {
  const origins = entries.filter((entry) => /^https?:\/\//.test(entry)).map((entry) => new URL(entry).origin);
  return [...new Set(origins)];
}

/** The control socket's `npm run backup`: the embedded database's folder at one moment, then its record. */
function backupCommands(router: Router, db: Database, logger: Logger): void {
  router.post('/backup', async (ctx) => {
    if (!db.dumpDataDir)
      return ctx.throw(
        409,
        'This gateway runs on PostgreSQL: npm run backup dumps it from any machine that reaches it.',
      );
    logger.info({ operator: ctx.get('X-Operator').slice(0, 200) }, 'backup through the control socket');
    ctx.type = 'application/x-tar';
    ctx.body = await db.dumpDataDir();
  });
  // Once the file is written: the record the backup gauge reads.
  router.post('/backups', ...jsonBody(), async (ctx) => {
    const parsed = backupManifestSchema.safeParse(ctx.state.body);
    if (!parsed.success) return ctx.throw(400, 'Send the backup’s manifest.');
    await recordBackup(db, parsed.data);
    ctx.status = 204;
  });
}

/**
 * The platform: the database (opened and migrated), the logger, metrics, rate limits, password
 * hashing, the site's origin, secret and security policy, the outbox every module emails through,
 * and the middleware in front of every public request.
 */
export async function platformModule(
  config: GatewayConfig,
  { overrides = {} }: { overrides?: PlatformOverrides } = {},
): Promise<Platform> {
  const logger = overrides.logger ?? createLogger(config);
  for (const warning of configurationWarnings(config)) logger.warn(warning);
  const siteOrigin = configuredSiteOrigin(config);
  const db = overrides.db ?? (await openMigrated(config, logger));
  const rateLimiter = await createFormRateLimiter(config.rateLimit, logger);
  const metrics = createGatewayMetrics();
  backupGauges(db, metrics.registry);
  const passwords = passwordHasher(config.passwordHashing);
  const policy = sitePolicy(remoteOrigins([...Object.values(config.remoteEntries), config.releases.baseUrl]));
  const secret = await siteSecret(db, config.email.signingSecret);
  const outbox = configuredOutboxWorker(config.email, db, logger);
  outboxGauges(db, metrics.registry);
  return {
    db,
    logger,
    metrics,
    rateLimiter,
    passwords,
    siteOrigin,
    secret,
    emailLinks: signedLinks(secret),
    emailQueued: () => outbox?.wake(),
    policy,
    guards: browserPostGuards({ siteOrigin, limiter: rateLimiter }),
    front: [
      clientAddress(config.trustProxy),
      requestLogger(logger, config.logClientKey),
      requestMetrics(metrics),
      securityHeaders(policy),
      errorHandler(logger),
    ],
    metricsApp: createMetricsApp(metrics),
    commands: (router) => backupCommands(router, db, logger),
    async stop() {
      // What is queued is kept: another instance, or this one's next start, sends it.
      await outbox?.stop(config.shutdown.timeoutMs);
      await Promise.all([rateLimiter.close(), passwords.close()]);
      if (!overrides.db) await db.close();
    },
  };
}
