import type { Context, Middleware } from 'koa';
import type { PageData } from '@party/shared-contracts';
import {
  type CanaryWatch,
  type PageLoadTokens,
  type RegistryCache,
  type ReleaseLoadCounts,
  type ReleasePreviews,
  releasesServed,
  servedTo,
  type VisitorCohorts,
} from '../../releases/index.js';
import {
  answeredBy,
  isPagePath,
  type GatewayMetrics,
  policyHeader,
  type SecurityPolicy,
  type SiteOrigin,
} from '../../platform/index.js';
import type { KeyedPageData } from './page-cache.js';
import type { PageFormPosts } from './page-forms.js';
import { routeOfPath, type PageResponse, type SitePages } from './site-pages.js';

/** What the gateway reads for a page at `pathname` before rendering it; null for most pages. */
export type PageDataSource = (pathname: string) => Promise<KeyedPageData | null>;

/** What a page shows one visitor alone (a member's own account), read from the request; null for most. */
export type VisitorDataSource = (ctx: Context) => Promise<PageData | null>;

/**
 * GET of a page (any path that is not an asset): the complete HTML of the page (with a running
 * canary's release for the visitors of its share), 404 for one that does not exist, in the encoding
 * the browser takes, revalidated by ETag. Its Content-Security-Policy is the site's `policy` and the
 * page's own inline stylesheets and its shell's scripts, by hash; its `Site-Releases` header names
 * the releases that composed it.
 *
 * POST of a page form (`forms`, page-forms.ts), sent by the browser without the page's code: a 303
 * once it is sent, or that page again, rendered for this visitor alone, saying what was wrong.
 * A page with data for this visitor alone (`visitorData`) is rendered for them too, never cached,
 * and so is every page of a browser that previews a release (`previews`).
 */
export function servePages(
  pages: SitePages,
  {
    siteOrigin,
    registry,
    canaries,
    pageLoads,
    cohorts,
    policy,
    metrics,
    forms = null,
    visitorData = async () => null,
    previews = null,
    loadCounts,
  }: {
    siteOrigin: SiteOrigin;
    metrics: Pick<GatewayMetrics, 'remotePageLoads'>;
    registry: RegistryCache;
    canaries: CanaryWatch;
    pageLoads: PageLoadTokens;
    cohorts: VisitorCohorts;
    policy: SecurityPolicy;
    forms?: PageFormPosts | null;
    visitorData?: VisitorDataSource;
    previews?: ReleasePreviews | null;
    /** Page loads by release, shared by every instance (the staff console's release view). */
    loadCounts: Pick<ReleaseLoadCounts, 'pageServed'>;
  },
  pageData: PageDataSource = async () => null,
): Middleware {
  // Set on a 304 too: the browser takes a revalidated page's headers from it.
  const allowInline = (ctx: Context, page: PageResponse) =>
    ctx.set(
      'Content-Security-Policy',
      policyHeader(policy, { 'style-src': page.styleHashes, 'script-src': page.scriptHashes }),
    );
  const send = (ctx: Context, page: PageResponse) => {
    ctx.type = 'html';
    allowInline(ctx, page);
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
    ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  };

  /** The releases this visitor's page is composed of: a canary's for its share, the one they preview. */
  const releasesFor = async (ctx: Context) => {
    const snapshot = await registry.current();
    const cohort = cohorts.whileCanaries(ctx, snapshot);
    const preview = previews ? await previews.of(ctx) : null;
    return { snapshot, cohort, preview, served: servedTo(snapshot, cohort, preview) };
  };

  const sendPrivately = async (
    ctx: Context,
    status: number | null,
    data: PageData,
    visitor?: Awaited<ReturnType<typeof releasesFor>>,
  ) => {
    const { snapshot, cohort, preview } = visitor ?? (await releasesFor(ctx));
    const page = await pages.respondPrivately(ctx.url, siteOrigin.href, cohort, data, preview);
    ctx.set('Site-Releases', releasesServed(snapshot, cohort, preview));
    ctx.status = status ?? page.status;
    ctx.set('Cache-Control', 'no-store');
    send(ctx, page);
  };

  return async (ctx, next) => {
    ctx.vary('Accept-Encoding');
    if (ctx.method === 'POST' && forms && isPagePath(ctx.path)) {
      const outcome = await forms(ctx);
      if (!outcome) return next();
      if ('location' in outcome) {
        ctx.status = 303;
        ctx.redirect(outcome.location);
        return;
      }
      // The page again as it was (an event's, a consultation's), with what was wrong with the form.
      const data = (await pageData(ctx.path))?.data;
      return sendPrivately(ctx, outcome.status, { ...data, formSubmission: outcome.submission });
    }
    if (!['GET', 'HEAD'].includes(ctx.method) || !isPagePath(ctx.path)) return next();
    const visitor = await releasesFor(ctx);
    const { snapshot, cohort, preview, served } = visitor;
    const route = routeOfPath(served.registry, ctx.path);
    const version = route && served.registry.remotes[route.remote]?.version;
    if (route && version) answeredBy(ctx, { remote: route.remote, version });
    const own = await visitorData(ctx);
    if (own) return sendPrivately(ctx, 200, own, visitor);
    // A preview is this browser's alone: rendered for it, and counted nowhere but in its own answer.
    if (preview) return sendPrivately(ctx, null, (await pageData(ctx.path))?.data ?? {}, visitor);
    const page = await pages.respond(ctx.url, siteOrigin.href, cohort, await pageData(ctx.path));
    if (route && version && page.status === 200) {
      metrics.remotePageLoads.inc({ remote: route.remote, version });
      loadCounts.pageServed(route.remote, version);
      if (cohort !== null) {
        canaries.pageServed(snapshot, route.remote, cohort, ctx.ip);
        // While a canary runs, this load's failure report may count toward its verdict, once.
        pageLoads.issue(ctx, route.remote, version);
      }
    }
    ctx.status = page.status;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', page.etag);
    ctx.set('Site-Releases', releasesServed(snapshot, cohort));
    if (page.status === 200 && ctx.fresh) {
      allowInline(ctx, page);
      ctx.status = 304;
      return;
    }
    send(ctx, page);
  };
}

/**
 * `/sitemap.xml` (every public URL of the active releases, and those the gateway's data makes) and
 * `/robots.txt`, which names it.
 */
export function crawlFiles(
  pages: SitePages,
  siteOrigin: SiteOrigin,
  dataPaths: () => Promise<string[]> = async () => [],
): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const origin = siteOrigin.href;
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain';
      ctx.body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
      return;
    }
    if (ctx.path !== '/sitemap.xml') return next();
    const paths = [...new Set([...(await pages.publicPaths()), ...(await dataPaths())])].sort();
    const urls = paths.map((pagePath) => `  <url><loc>${origin}${pagePath}</loc></url>`);
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  };
}
