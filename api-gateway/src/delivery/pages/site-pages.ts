import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  listedPaths,
  matchRoute,
  siteRoutesOf,
  type FrontEndName,
  type RemoteName,
  type RemoteRegistry,
  type PageData,
  type SiteRoute,
  type SiteSettings,
} from '@party/shared-contracts';
import type { GatewayMetrics, Logger, SiteOrigin } from '../../platform/index.js';
import {
  CONFIGURED_BUILD,
  type PreviewedRelease,
  type RegistryCache,
  type RegistrySnapshot,
  servedTo,
} from '../../releases/index.js';
import { mergeHints, noHints, remoteModuleHints, type AssetHints } from './asset-hints.js';
import { DEFAULT_META, pageDocument } from './page-document.js';
import { liveSnapshots } from './live-snapshots.js';
import { pageCache, pageKey, type KeyedPageData, type PageCache } from './page-cache.js';
import { startPageRenderer, type PageRenderer, type RenderedPage, type RendererBundles } from './page-renderer.js';
import { serverEntryOf, type LocalRelease } from './local-releases.js';
import { shellBuilds, stylesheetTexts, type ShellBuild } from './shell-builds.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page ready to send, in each encoding, with its ETag. */
export interface PageResponse {
  status: 200 | 404;
  /** The CSP sources that allow the page's inline stylesheets. */
  styleHashes: string[];
  /** The CSP sources that allow the page's inline scripts (its shell's). */
  scriptHashes: string[];
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface SitePagesOptions {
  registry: RegistryCache;
  releases: (registry: RegistrySnapshot['registry']) => ReadonlyMap<RemoteName, LocalRelease | null>;
  /** Where the shell a snapshot names is (its active release, or its configured build when null). */
  shellBuild: (shell: RegistrySnapshot['shell']) => LocalRelease | null;
  /** How long a request waits for a render before it is sent the page for the browser to render. */
  budgetMs: number;
  /** The site's origin, whose pages are rendered as soon as a snapshot is active (once it is known). */
  siteOrigin: Pick<SiteOrigin, 'href'>;
  /** The configuration every page may read (siteSettings()): rendered with and written into it. */
  settings: SiteSettings | null;
  logger: Logger;
  metrics: GatewayMetrics;
  /**
   * Whether a published release's server build in `dir` is, file for file, what was published: a
   * changed one is never loaded into the renderer (its pages are left to the browser).
   */
  serverBuildIntact: (frontEnd: FrontEndName, version: string, dir: string) => Promise<boolean>;
  /** Starts a renderer process for a snapshot's server builds (replaced in tests). */
  startRenderer?: typeof startPageRenderer;
}

export interface SitePages {
  /**
   * The page at `url` (path and query) as the site's origin `origin` serves it, to a visitor of
   * `cohort` (who may get a canary; see forCohort), rendered with `data` when the gateway read some
   * for it (its `key` names that data in the page cache).
   */
  respond(url: string, origin: string, cohort?: number | null, data?: KeyedPageData | null): Promise<PageResponse>;
  /**
   * The page at `url` rendered with one visitor's own `data` (a form they posted, refused), or with
   * the release they `preview`: never cached, never shown to anyone else.
   */
  respondPrivately(
    url: string,
    origin: string,
    cohort: number | null,
    data: PageData,
    preview?: PreviewedRelease | null,
  ): Promise<PageResponse>;
  /** Every public URL path of the active releases, sorted. */
  publicPaths(): Promise<string[]>;
  /** Renders every public page for `origin` in advance; resolves when done. */
  warm(origin: string): Promise<void>;
  close(): void;
}

const WARM_BUDGET_MS = 2_000;

/** Each registry's routes, listed once. */
const routesOfRegistry = new WeakMap<RemoteRegistry, SiteRoute[]>();

/** The routes of a registry's releases. */
function registryRoutes(registry: RemoteRegistry): SiteRoute[] {
  let routes = routesOfRegistry.get(registry);
  if (!routes) {
    routes = siteRoutesOf(registry);
    routesOfRegistry.set(registry, routes);
  }
  return routes;
}

/** The route of a registry's releases serving a path, as the shell's router matches it; undefined for the 404. */
export function routeOfPath(registry: RemoteRegistry, pathname: string): SiteRoute | undefined {
  return matchRoute(registryRoutes(registry), pathname);
}

async function encoded(
  { html, styleHashes }: { html: string; styleHashes: string[] },
  scriptHashes: string[],
  status: 200 | 404,
): Promise<PageResponse> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip(identity),
  ]);
  return {
    status,
    styleHashes,
    scriptHashes,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br,
    gzip: gz,
  };
}

interface SnapshotPages {
  snapshot: RegistrySnapshot;
  /** The registry snapshot it is a variant of (its own key, without canaries). */
  base: string;
  releases: ReadonlyMap<RemoteName, LocalRelease | null>;
  shell: ShellBuild;
  renderer: PageRenderer | null;
  starting: Promise<PageRenderer | null>;
  cache: PageCache<PageResponse>;
  /** Origins whose pages this snapshot has rendered in advance (or is rendering). */
  warmed: Set<string>;
}

/** A site answers on one or two origins; a client sending other Host headers gets no warm-up. */
const WARMED_ORIGINS = 3;

/**
 * Every page of the site as complete HTML, composed from the active releases: rendered by a
 * renderer process bound to the registry snapshot, cached per (snapshot, origin, URL) so that a
 * page view costs a lookup, and warmed when a snapshot becomes active. A render that is slower than
 * the budget, fails or has no server build sends the page for the browser to render instead (the
 * shell and the same releases, announced), and is counted; never a 500.
 */
/**
 * What the page needs up front: the shell's, its page module's, and of another remote's widget in
 * it the stylesheet and manifest alone, since a widget's code loads once it is in view or used.
 */
function hintsFor(pages: SnapshotPages, route: SiteRoute | undefined, widgets: readonly string[]): AssetHints {
  const hintsOf = (remote: RemoteName, exposed: string) => {
    const release = pages.releases.get(remote);
    return release ? remoteModuleHints(release, exposed) : noHints();
  };
  return mergeHints(
    pages.shell.hints,
    route ? hintsOf(route.remote, route.page) : noHints(),
    ...widgets.map((id) => ({ ...hintsOf(id.split('/')[0] ?? '', id.split('/')[1] ?? ''), scripts: [] })),
  );
}

/**
 * Starts the page renderer of a snapshot with the server builds that may be loaded into it; null
 * when the shell's may not (its pages are then left to the browser).
 */
function rendererStarter({
  settings,
  logger,
  metrics,
  serverBuildIntact,
  start,
}: Pick<SitePagesOptions, 'settings' | 'logger' | 'metrics' | 'serverBuildIntact'> & {
  start: typeof startPageRenderer;
}) {
  /**
   * Whether a server build may be loaded into the renderer: a configured build always, a release's
   * only as it was published (otherwise counted and logged, and its pages left to the browser).
   */
  async function loadable(name: FrontEndName, version: string, dir: string): Promise<boolean> {
    if (version === CONFIGURED_BUILD || (await serverBuildIntact(name, version, dir))) return true;
    metrics.pageRenderFailures.inc({ remote: name, version, reason: 'changed-server-build' });
    logger.error(
      { remote: name, version },
      'the server build in the release store is not what was published: never loaded, its pages are left to the browser',
    );
    return false;
  }

  /** A remote's server build for the renderer, if it has one that may be loaded. */
  async function serverBundleOf(snapshot: RegistrySnapshot, remote: RemoteName, release: LocalRelease | null) {
    const serverEntry = serverEntryOf(release);
    const version = snapshot.registry.remotes[remote]?.version;
    if (!release || !serverEntry || !version || !(await loadable(remote, version, release.dir))) return null;
    return { serverEntry, assetBase: release.baseUrl };
  }

  async function startRenderer(
    snapshot: RegistrySnapshot,
    local: ReadonlyMap<RemoteName, LocalRelease | null>,
    shell: ShellBuild,
  ): Promise<PageRenderer | null> {
    const shellEntry = serverEntryOf(shell.local);
    if (
      !shell.local ||
      !shellEntry ||
      !(await loadable('shell', snapshot.shell?.version ?? CONFIGURED_BUILD, shell.local.dir))
    )
      return null;
    try {
      const remotes = Object.fromEntries(
        await Promise.all(
          [...local].map(async ([name, release]) => [name, await serverBundleOf(snapshot, name, release)]),
        ),
      ) as RendererBundles['remotes'];
      return await start({ shellEntry, remotes, registry: snapshot.registry, settings }, logger);
    } catch (error) {
      logger.error(
        { err: error, snapshot: snapshot.key },
        'the page renderer could not start; pages are left to the browser',
      );
      return null;
    }
  }
  return startRenderer;
}

/** What `work` gives within twice the budget; null when it fails or is slower (a render left running). */
function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | null> {
  const timedOut = new Promise<null>((resolve) => setTimeout(resolve, budgetMs * 2, null).unref());
  return Promise.race([work.catch(() => null), timedOut]);
}

/** The page as it is sent: the shell's document with what was rendered (or nothing, for the browser to render). */
async function documentFor(
  {
    pages,
    cssText,
    settings,
  }: { pages: SnapshotPages; cssText: ReturnType<typeof stylesheetTexts>; settings: SiteSettings | null },
  url: string,
  origin: string,
  rendered: RenderedPage | null,
  data: KeyedPageData | null = null,
): Promise<PageResponse> {
  const route = routeOfPath(pages.snapshot.registry, url.split('?')[0] ?? '/');
  const meta = rendered?.meta ?? DEFAULT_META;
  const status = !route || meta.status === 404 ? 404 : 200;
  const widgets = rendered?.widgets ?? [];
  const hints = hintsFor(pages, route, widgets);
  const document = pageDocument({
    template: pages.shell.template ?? '',
    assets: pages.shell.assets,
    body: rendered?.html ?? '',
    meta,
    hints,
    // The shell's folder last: the configured shell's base is the site's root.
    styles: [...pages.shell.assets.stylesheets, ...hints.stylesheets].map((href) => ({
      href,
      css: cssText([...pages.releases.values(), pages.shell.local], href),
    })),
    registry: pages.snapshot.registry,
    settings,
    pageData: data?.data ?? null,
    origin,
    url,
  });
  return encoded(document, pages.shell.scriptHashes, status);
}

export function sitePages({
  registry,
  releases,
  shellBuild,
  budgetMs,
  siteOrigin,
  settings,
  logger,
  metrics,
  serverBuildIntact,
  startRenderer: start = startPageRenderer,
}: SitePagesOptions): SitePages {
  // Built files never change under a name: their text is read once.
  const shellOf = shellBuilds(shellBuild, logger);
  const cssText = stylesheetTexts();
  /** Renders in flight from a snapshot that is no longer served finish; its process then goes. */
  const live = liveSnapshots<SnapshotPages>((pages) => setTimeout(() => pages.renderer?.close(), 10_000).unref());
  const isLive = (pages: SnapshotPages) => live.isLive(pages.snapshot.key, pages);
  const startRenderer = rendererStarter({ settings, logger, metrics, serverBuildIntact, start });

  /** The pages of `base`, or of its variant for a visitor's cohort and the release they preview. */
  function pagesFor(
    base: RegistrySnapshot,
    cohort: number | null = null,
    preview: PreviewedRelease | null = null,
  ): SnapshotPages {
    const snapshot = servedTo(base, cohort, preview);
    const known = live.use(snapshot.key);
    if (known && (known.renderer?.alive() ?? true)) return known;
    const latest = live.latest();
    const local = releases(snapshot.registry);
    const shell = shellOf(snapshot);
    const pages: SnapshotPages = {
      snapshot,
      base: base.key,
      releases: local,
      shell,
      renderer: null,
      starting: startRenderer(snapshot, local, shell),
      cache: known?.cache ?? pageCache(),
      warmed: new Set(),
    };
    void pages.starting.then((renderer) => {
      pages.renderer = renderer;
      if (!isLive(pages)) renderer?.close();
      else
        for (const origin of latest?.warmed ?? (siteOrigin.href ? [siteOrigin.href] : [])) void warmFor(pages, origin);
    });
    live.add(snapshot.key, pages);
    return pages;
  }

  /** Renders every public page of the snapshot for `origin`, one after another, in the background. */
  function warmFor(pages: SnapshotPages, origin: string): Promise<void> {
    if (!pages.renderer || pages.warmed.has(origin) || pages.warmed.size >= WARMED_ORIGINS) return Promise.resolve();
    pages.warmed.add(origin);
    return warm(pages, pages.renderer, origin);
  }

  async function warm(pages: SnapshotPages, renderer: PageRenderer, origin: string) {
    const started = performance.now();
    try {
      const paths = await renderer.publicPaths();
      for (const url of paths) {
        if (!isLive(pages)) return;
        // Nobody waits for these: a page's modules may take their time to load.
        if (!pages.cache.has(pageKey(origin, url)))
          await render(pages, renderer, url, origin, WARM_BUDGET_MS).catch(() => undefined);
      }
      logger.info(
        { snapshot: pages.snapshot.key, pages: paths.length, ms: Math.round(performance.now() - started) },
        'pages rendered for the active releases',
      );
    } catch (error) {
      logger.warn({ err: error }, 'warming the page cache failed');
    }
  }

  function render(
    pages: SnapshotPages,
    renderer: PageRenderer,
    url: string,
    origin: string,
    budget = budgetMs,
    data: KeyedPageData | null = null,
  ): Promise<PageResponse> {
    return pages.cache.once(pageKey(origin, url, data), () => renderOnce(pages, renderer, url, origin, budget, data));
  }

  async function renderOnce(
    pages: SnapshotPages,
    renderer: PageRenderer,
    url: string,
    origin: string,
    budget: number,
    data: KeyedPageData | null,
  ): Promise<PageResponse> {
    const stop = metrics.pageRenderDuration.startTimer();
    const rendered = await renderer.render(url, budget, data?.data);
    stop();
    if (rendered.failure && rendered.failure !== 'no-server-build' && rendered.remote) {
      const version = pages.snapshot.registry.remotes[rendered.remote]?.version ?? 'none';
      metrics.pageRenderFailures.inc({ remote: rendered.remote, version, reason: rendered.failure });
      logger.warn(
        { remote: rendered.remote, version, reason: rendered.failure, error: rendered.error, url: url.slice(0, 200) },
        'page left to the browser',
      );
    }
    const response = await documentFor({ pages, cssText, settings }, url, origin, rendered, data);
    if (!rendered.failure) pages.cache.remember(pageKey(origin, url, data), url, response);
    return response;
  }

  return {
    respond: async (url, origin, cohort = null, data = null) => {
      const pages = pagesFor(await registry.current(), cohort);
      void warmFor(pages, origin);
      // By the remote whose route the page is, and its release here: a fallback is that release's.
      const route = routeOfPath(pages.snapshot.registry, url.split('?')[0] ?? '/');
      const served = route
        ? { remote: route.remote, version: pages.snapshot.registry.remotes[route.remote]?.version ?? 'none' }
        : { remote: 'none', version: 'none' };
      const cached = pages.cache.get(pageKey(origin, url, data));
      if (cached) {
        metrics.pageResponses.inc({ source: 'cache', ...served });
        return cached;
      }
      if (pages.renderer) {
        const rendered = await withinBudget(render(pages, pages.renderer, url, origin, budgetMs, data), budgetMs);
        if (rendered) {
          metrics.pageResponses.inc({ source: 'render', ...served });
          return rendered;
        }
      }
      metrics.pageResponses.inc({ source: 'browser', ...served });
      return documentFor({ pages, cssText, settings }, url, origin, null, data);
    },
    respondPrivately: async (url, origin, cohort, data, preview = null) => {
      const pages = pagesFor(await registry.current(), cohort, preview);
      const rendered = pages.renderer ? await withinBudget(pages.renderer.render(url, budgetMs, data), budgetMs) : null;
      return documentFor({ pages, cssText, settings }, url, origin, rendered, { key: '', data });
    },
    publicPaths: async () => {
      const pages = pagesFor(await registry.current());
      const renderer = await pages.starting;
      const paths = renderer ? await renderer.publicPaths() : listedPaths(registryRoutes(pages.snapshot.registry));
      return [...new Set(paths)].sort();
    },
    warm: async (origin) => {
      const pages = pagesFor(await registry.current());
      await pages.starting;
      await warmFor(pages, origin);
    },
    close: () => {
      for (const pages of live.values()) pages.renderer?.close();
    },
  };
}
