import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '@party/shared-contracts';
import type { GatewayConfig } from '../../config.js';
import type { Database, GatewayMetrics, Logger, SiteOrigin } from '../../platform/index.js';
import { type RegistryCache, serverBuildAsPublished } from '../../releases/index.js';
import { localRelease, localReleases } from './local-releases.js';
import { rendererIsolation } from './renderer-sandbox.js';
import { sitePages, type SitePages } from './site-pages.js';

/** The server-rendered pages of the configured site; null when the gateway serves no site (or it is not built). */
export function configuredSitePages(
  config: Pick<GatewayConfig, 'site' | 'releases'>,
  {
    db,
    registry,
    settings,
    siteOrigin,
    logger,
    metrics,
  }: {
    db: Database;
    registry: RegistryCache;
    settings: SiteSettings;
    siteOrigin: SiteOrigin;
    logger: Logger;
    metrics: GatewayMetrics;
  },
): SitePages | null {
  const { site } = config;
  if (!site || !fs.existsSync(path.join(site.shellDir, 'index.html'))) return null;
  void rendererIsolation().then((isolation) => {
    metrics.pageRendererIsolated.set(isolation.isolated ? 1 : 0);
    if (!isolation.isolated)
      logger.error(
        { reason: isolation.reason },
        'the page renderer cannot be isolated here: no remote server code runs, the browser renders every page',
      );
  });
  return sitePages({
    registry,
    releases: (current) => localReleases(current, config),
    shellBuild: (shell) => (shell ? localRelease('shell', shell.entry, config) : { dir: site.shellDir, baseUrl: '/' }),
    serverBuildIntact: serverBuildAsPublished(db),
    budgetMs: site.renderBudgetMs,
    siteOrigin,
    settings,
    logger,
    metrics,
  });
}
