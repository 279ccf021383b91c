import { Router } from '@koa/router';
import Koa from 'koa';
import type { ReleaseName } from '@party/shared-contracts';
import {
  adminRoutes,
  canaryWatch,
  releaseLoadCounts,
  releaseOverview,
  fileVerifier,
  type PageLoadTokens,
  type ReleasePreviews,
  type RegistryCache,
  type ReleaseCache,
  releaseFiles,
  remoteFailureRoutes,
} from './releases/index.js';
import type { GatewayConfig } from './config.js';
import {
  boundedPath,
  browserPostGuards,
  clientAddress,
  type Database,
  databaseProbe,
  errorHandler,
  type FormRateLimiter,
  type GatewayMetrics,
  type Logger,
  type PasswordHasher,
  rateLimit,
  requestLogger,
  requestMetrics,
  securityHeaders,
  sitePolicy,
  type SiteOrigin,
  wellFormedIds,
} from './platform/index.js';
import {
  dataRequestRoutes,
  dataRequests,
  type DonationLedger,
  donationPageData,
  donationRoutes,
  donationTerms,
  factorAttempts,
  formRecords,
  formRoutes,
  memberAccounts,
  memberAccountPageData,
  memberFactorRoutes,
  memberRegistrations,
  memberRoutes,
  memberSessions,
  newsletterIssues,
  newsletterRoutes,
  type NewsletterSubscriptions,
  passwordResets,
  secondFactors,
  type SignedLinks,
  staffAccounts,
  staffConsole,
  staffRoutes,
  treasurerView,
} from './people/index.js';
import {
  crawlFiles,
  hashedAssetMemory,
  pageFormPosts,
  healthRoutes,
  probeRoutes,
  type Readiness,
  remoteRegistryRoutes,
  servePages,
  serveReleases,
  serveSite,
  type SitePages,
} from './delivery/index.js';

export interface GatewayDependencies {
  config: GatewayConfig;
  db: Database;
  logger: Logger;
  rateLimiter: FormRateLimiter;
  registry: RegistryCache;
  /** This instance's copies of published releases, fetched from the shared store. */
  releases: ReleaseCache;
  metrics: GatewayMetrics;
  /** Hashes members' and staff's passwords on threads its owner closes. */
  passwords: PasswordHasher;
  newsletter: NewsletterSubscriptions;
  /** Signs and checks the links in emails. */
  emailLinks: SignedLinks;
  /** Binds a canary's failure reports to the page loads it served. */
  pageLoads: PageLoadTokens;
  /** Previews of releases not yet active, each for the browser that opened its link. */
  previews: ReleasePreviews;
  /** Called when a request has put an email in the outbox (wakes this process's worker). */
  onEmailQueued: () => void;
  /** The site's pages, rendered from the active releases (all-in-one mode only). */
  pages?: SitePages | null;
  /** Pledges and verified donations; null when the rules accept no crypto donations. */
  donations: DonationLedger | null;
  /** Whether new requests should come here (`/readyz`); ready by default. */
  readiness?: Readiness;
  /** The site's own address: every link, email and canonical URL is built on it, never on a request's Host. */
  siteOrigin: SiteOrigin;
}

const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** Origins other than the gateway's own that the registry may send the browser to. */
function remoteOrigins(entries: string[]): string[] {
  const origins = entries.filter((entry) => /^https?:\/\//.test(entry)).map((entry) => new URL(entry).origin);
  return [...new Set(origins)];
}

/**
 * Builds the public gateway: every middleware, in the order a request meets them. `/metrics` is not
 * here: it is served on the internal listener (metrics-app.ts).
 */
export function createApp({
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
  pageLoads,
  previews,
  onEmailQueued,
  pages = null,
  donations,
  readiness = { ready: true, draining: false },
  siteOrigin,
}: GatewayDependencies): Koa {
  // Koa reads X-Forwarded-Proto and -Host only when a proxy is trusted, and clientAddress drops them
  // from anyone else.
  const app = new Koa({ proxy: config.trustProxy !== null });

  // Errors after the answer has started (a visitor who leaves mid-download) reach only the log.
  app.on('error', (error: Error & { code?: string }) => {
    if (CLIENT_WENT_AWAY.has(error.code ?? '')) logger.debug({ err: error }, 'client left before the answer ended');
    else logger.error({ err: error }, 'answer failed after it started');
  });

  const guards = browserPostGuards({ siteOrigin, limiter: rateLimiter });
  const members = memberRegistrations(db, passwords, emailLinks, onEmailQueued);
  const records = formRecords(db, { partyInbox: config.email.partyInbox, newsletter, members, onEmailQueued });
  const sessions = memberSessions(db);
  const canaries = canaryWatch(db, logger);
  const loadCounts = releaseLoadCounts(db, logger);
  const assets = hashedAssetMemory(config.assetMemoryBytes);

  // Draining: every answer closes its connection, so that clients reconnect to another instance.
  app.use(async (ctx, next) => {
    if (readiness.draining) ctx.set('Connection', 'close');
    await next();
  });
  app.use(clientAddress(config.trustProxy));
  app.use(requestLogger(logger, config.logClientKey));
  app.use(requestMetrics(metrics));
  const policy = sitePolicy(remoteOrigins([...Object.values(config.remoteEntries), config.releases.baseUrl]));
  app.use(securityHeaders(policy));
  app.use(errorHandler(logger));

  const router = new Router();
  wellFormedIds(router);
  const probe = databaseProbe(db);
  probeRoutes(router, probe, readiness, metrics.registry);
  healthRoutes(router, db.kind, probe, registry);
  remoteRegistryRoutes(router, registry, previews);
  previews.routes(router, guards);
  formRoutes(router, records, guards, siteOrigin);
  newsletterRoutes(router, newsletter, { guards, rateLimit: (route) => rateLimit(rateLimiter, route), siteOrigin });
  const accountsOfMembers = memberAccounts(db, passwords, emailLinks, sessions);
  memberRoutes(
    router,
    {
      accounts: accountsOfMembers,
      sessions,
      resets: passwordResets(db, passwords, emailLinks, sessions, onEmailQueued),
    },
    guards,
    siteOrigin,
  );
  memberFactorRoutes(
    router,
    {
      accounts: accountsOfMembers,
      sessions,
      factors: secondFactors(db, 'member'),
      attempts: factorAttempts(db, 'member', onEmailQueued),
    },
    guards,
    siteOrigin,
  );
  staffRoutes(
    router,
    {
      accounts: staffAccounts(db, passwords, { limits: config.staffSessions, onEmailQueued }),
      factors: secondFactors(db, 'staff'),
      attempts: factorAttempts(db, 'staff', onEmailQueued),
      console: staffConsole(db, onEmailQueued),
      issues: newsletterIssues(db, emailLinks, onEmailQueued),
      donations: donations ? treasurerView(db, donations) : null,
      releases: releaseOverview(db, loadCounts, previews),
    },
    guards,
    { siteOrigin, sessionHours: config.staffSessions.hours },
  );
  donationRoutes(router, donationTerms(config.donations.rules), donations, guards, siteOrigin);
  dataRequestRoutes(router, dataRequests(db, emailLinks, onEmailQueued), guards, siteOrigin);
  remoteFailureRoutes(router, { metrics, logger, guards, registry, canaries, pageLoads, loadCounts });
  app.use(router.routes()).use(router.allowedMethods());
  if (!config.admin) {
    const admin = adminRoutes(db, releases, config.releases.baseUrl, previews, { kind: 'tokens', limits: rateLimiter });
    app.use(admin.routes()).use(admin.allowedMethods());
  }

  const releaseFolder = (remote: string, version: string) =>
    releases.fetch(remote as ReleaseName, version).catch(() => null);
  app.use(
    serveReleases(
      releaseFolder,
      fileVerifier((remote, version) => releaseFiles(db, remote, version)),
      logger,
      assets,
    ),
  );
  if (config.site && pages) {
    app.use(crawlFiles(pages, siteOrigin));
    const forms = pageFormPosts(router, logger);
    const visitorData = memberAccountPageData(accountsOfMembers, sessions);
    app.use(
      servePages(
        pages,
        { siteOrigin, registry, canaries, pageLoads, policy, metrics, forms, visitorData, previews, loadCounts },
        donationPageData(donations),
      ),
    );
  }
  if (config.site) app.use(serveSite(config.site, assets));

  app.use((ctx) => {
    ctx.throw(404, ctx.path.startsWith('/api/') ? `No endpoint ${ctx.method} ${boundedPath(ctx.path)}` : 'Not found');
  });

  return app;
}
