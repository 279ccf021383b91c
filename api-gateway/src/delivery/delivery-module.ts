import type { Middleware } from 'koa';
import type { FrontEndName, SiteSettings } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import { databaseProbe, type GatewayModule, type Platform } from '../platform/index.js';
import { fileVerifier, releaseFiles, type Releases } from '../releases/index.js';
import { hashedAssetMemory } from './files/hashed-asset-memory.js';
import { serveReleases } from './files/serve-releases.js';
import { serveSite } from './files/serve-site.js';
import { healthRoutes, probeRoutes, type Readiness } from './health.js';
import { configuredSitePages } from './pages/configured-site-pages.js';
import { pageFormPosts } from './pages/page-forms.js';
import { crawlFiles, servePages, type PageDataSource, type VisitorDataSource } from './pages/serve-pages.js';
import type { SitePages } from './pages/site-pages.js';
import { remoteRegistryRoutes } from './remote-registry.js';

/** What the delivery module gives the rest of the gateway, besides what it mounts. */
export interface Delivery extends GatewayModule {
  /** The site's pages, rendered from the active releases; null without a built shell (API only). */
  readonly pages: SitePages | null;
  /** Whether new requests should come here (`/readyz`): ready once started, draining once told to stop. */
  readonly readiness: Readiness;
}

/** What pages show that other modules hold. */
export interface PageSources {
  settings: SiteSettings;
  pageData: PageDataSource;
  visitorData: VisitorDataSource;
  /** Public pages that exist by another module's data, not by a release's routes (each event's). */
  dataPaths: () => Promise<string[]>;
}

/**
 * The delivery module: the health probes, the registry browsers load remotes by, the releases'
 * files, server-rendered pages (and the page forms posted without the page's code), the sitemap
 * and the site's own files. Its pages are rendered for the site's origin once the gateway listens.
 */
export async function deliveryModule(
  config: Pick<GatewayConfig, 'site' | 'releases' | 'assetMemoryBytes'>,
  {
    platform: { db, logger, metrics, siteOrigin, policy },
    releases,
    pageSources: { settings, pageData, visitorData, dataPaths },
  }: {
    platform: Pick<Platform, 'db' | 'logger' | 'metrics' | 'siteOrigin' | 'policy'>;
    releases: Pick<Releases, 'registry' | 'cache' | 'previews' | 'canaries' | 'pageLoads' | 'cohorts' | 'loadCounts'>;
    pageSources: PageSources;
  },
): Promise<Delivery> {
  const { registry, cache, previews, cohorts, canaries, pageLoads, loadCounts } = releases;
  const pages = configuredSitePages(config, { db, registry, settings, siteOrigin, logger, metrics });
  const readiness: Readiness = { ready: false, draining: false };
  const assets = hashedAssetMemory(config.assetMemoryBytes);
  const probe = databaseProbe(db);
  const releaseFolder = (remote: string, version: string) =>
    cache.fetch(remote as FrontEndName, version).catch(() => null);
  const verifier = fileVerifier((remote, version) => releaseFiles(db, remote, version));

  return {
    pages,
    readiness,
    routes(router) {
      probeRoutes(router, probe, readiness, metrics.registry);
      healthRoutes(router, db.kind, probe, registry);
      remoteRegistryRoutes(router, { registry, previews, cohorts });
    },
    handlers(router) {
      const handlers: Middleware[] = [serveReleases(releaseFolder, verifier, logger, assets)];
      if (config.site && pages) {
        const forms = pageFormPosts(router, logger);
        const sources = { siteOrigin, registry, canaries, pageLoads, cohorts, loadCounts, previews };
        handlers.push(
          crawlFiles(pages, siteOrigin, dataPaths),
          servePages(pages, { ...sources, policy, metrics, forms, visitorData }, pageData),
        );
      }
      if (config.site) handlers.push(serveSite(config.site, assets));
      return handlers;
    },
    async start() {
      // Every page is rendered for the site's origin before the site is ready.
      await pages
        ?.warm(siteOrigin.href)
        .catch((error: unknown) => logger.warn({ err: error }, 'pages not rendered in advance'));
    },
    async stop() {
      pages?.close();
    },
  };
}
