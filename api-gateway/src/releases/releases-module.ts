import type Koa from 'koa';
import type { GatewayConfig } from '../config.js';
import { operatorCommand, type GatewayModule, type Platform } from '../platform/index.js';
import { createAdminApp } from './admin/admin-app.js';
import { adminRoutes } from './admin/admin-routes.js';
import { tokenCommand } from './admin/token-command.js';
import { canaryWatch, type CanaryWatch } from './canary-watch.js';
import { configuredRoutesReader, type ConfiguredRoutes } from './configured-routes.js';
import { pageLoadTokens, type PageLoadTokens } from './page-load-tokens.js';
import { visitorCohorts, type VisitorCohorts } from './visitor-cohort.js';
import { registryCache, releasesOf, type RegistryCache } from './registry-cache.js';
import { registryGauges } from './registry-gauges.js';
import { releaseCache, type ReleaseCache } from './release-cache.js';
import { releaseLoadCounts, type ReleaseLoadCounts } from './release-load-counts.js';
import { releaseOverview, type ReleaseOverview } from './release-overview.js';
import { releasePreviews, type ReleasePreviews } from './release-previews.js';
import { remoteFailureRoutes } from './remote-failures.js';

/** What a test may put in place of what the configuration would make. */
export interface ReleasesOverrides {
  /** The routes of the configured builds (tests have no builds on disk). */
  configuredRoutes?: ConfiguredRoutes;
}

/** What the release module gives the rest of the gateway, besides what it mounts. */
export interface Releases extends GatewayModule {
  /** The active registry and its variants (canaries, previews), as browsers and the renderer read it. */
  readonly registry: RegistryCache;
  /** This instance's copies of published releases, fetched from the shared store. */
  readonly cache: ReleaseCache;
  /** Previews of releases not yet active, each for the browser that opened its link. */
  readonly previews: ReleasePreviews;
  /** Binds a canary's failure reports to the page loads it served. */
  readonly pageLoads: PageLoadTokens;
  /** Which side of a running canary each visitor is on, drawn and sealed by the site. */
  readonly cohorts: VisitorCohorts;
  readonly canaries: CanaryWatch;
  /** Page loads and failures by release, shared by every instance. */
  readonly loadCounts: ReleaseLoadCounts;
  /** The staff console's view of the releases. */
  readonly overview: ReleaseOverview;
  /** The admin API on a listener of its own (ADMIN_HOST, ADMIN_PORT); null when it is on the public one. */
  readonly adminApp: Koa | null;
}

/**
 * The release module: the registry of active releases (fetched into this instance before it is
 * served), previews, canary counts, browsers' failure reports, the admin API teams publish through,
 * and `npm run tokens` and `npm run remotes` for the control socket.
 */
export async function releasesModule(
  config: Pick<
    GatewayConfig,
    'releases' | 'remoteEntries' | 'configuredBuildDir' | 'admin' | 'trustProxy' | 'logClientKey'
  >,
  {
    platform: { db, logger, metrics, siteOrigin, secret, rateLimiter },
    overrides = {},
  }: {
    platform: Pick<Platform, 'db' | 'logger' | 'metrics' | 'siteOrigin' | 'secret' | 'rateLimiter'>;
    overrides?: ReleasesOverrides;
  },
): Promise<Releases> {
  const configuredRoutes = overrides.configuredRoutes ?? configuredRoutesReader(config.configuredBuildDir);
  const cache = releaseCache(db, config.releases.storeDir, logger);
  const registry = await registryCache({
    db,
    configured: config.remoteEntries,
    configuredRoutes,
    logger,
    signingSecret: secret,
    prepare: (snapshot) =>
      Promise.all(releasesOf(snapshot).map(({ remote: frontEnd, version }) => cache.fetch(frontEnd, version))),
  });
  registryGauges(registry, metrics.registry);
  const previews = releasePreviews({ db, cache, secret, siteOrigin, logger });
  const pageLoads = pageLoadTokens(secret);
  const cohorts = visitorCohorts(secret);
  const canaries = canaryWatch(db, logger);
  const loadCounts = releaseLoadCounts(db, logger);
  const { baseUrl } = config.releases;
  const publicAdmin = config.admin
    ? null
    : adminRoutes(db, cache, baseUrl, previews, { kind: 'tokens', limits: rateLimiter });
  const localAdmin = adminRoutes(db, cache, baseUrl, previews, { kind: 'local' });
  return {
    registry,
    cache,
    previews,
    pageLoads,
    cohorts,
    canaries,
    loadCounts,
    overview: releaseOverview(db, loadCounts, previews),
    adminApp: config.admin ? createAdminApp(config, db, cache, previews, logger, rateLimiter) : null,
    routes(router, guards) {
      previews.routes(router, guards);
      remoteFailureRoutes(router, { metrics, logger, guards, registry, canaries, pageLoads, loadCounts });
      if (publicAdmin) router.use(publicAdmin.routes(), publicAdmin.allowedMethods());
    },
    commands(router) {
      operatorCommand(router, 'tokens', logger, (args) => tokenCommand(db, args));
      router.use(localAdmin.routes(), localAdmin.allowedMethods());
    },
    async stop() {
      // What was counted in the last second is written before the database closes.
      await Promise.all([canaries.flush(), loadCounts.flush()]).catch((error: unknown) =>
        logger.warn({ err: error }, 'the last page loads were not counted'),
      );
      await registry.close();
    },
  };
}
