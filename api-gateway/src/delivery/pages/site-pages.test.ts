import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGE_ASSETS_FILE, type PageData, type RemoteRegistry } from '@party/shared-contracts';
import { createLogger } from '../../platform/logger.js';
import { eventually } from '../../testing/eventually.js';
import { createGatewayMetrics } from '../../platform/metrics/gateway-metrics.js';
import type { RegistryCache, RegistrySnapshot } from '../../releases/registry-cache.js';
import type { PageRenderer, RenderedPage, RendererBundles } from './page-renderer.js';
import { routeOfPath, sitePages, type SitePagesOptions } from './site-pages.js';
import type { LocalRelease } from './local-releases.js';

const logger = createLogger({ logLevel: 'silent' });
const registryOf = (version: string): RemoteRegistry => ({
  remotes: {
    'mf-content': {
      entry: '/remotes/mf-content/mf-manifest.json',
      version,
      routes: [
        { path: '/', page: 'Home' },
        { path: '/about', page: 'About' },
        { path: '/policy', page: 'Policy' },
        { path: '/news/:articleId', page: 'NewsArticle' },
      ],
    },
    'mf-engagement': {
      entry: '/remotes/mf-engagement/mf-manifest.json',
      version: 'configured',
      routes: [{ path: '/contact', page: 'Contact' }],
    },
    'mf-donate': {
      entry: '/remotes/mf-donate/mf-manifest.json',
      version: 'configured',
      routes: [{ path: '/donate', page: 'Donate' }],
    },
  },
});

/** A registry whose snapshot a test switches. */
function switchableRegistry() {
  let snapshot: RegistrySnapshot = {
    registry: registryOf('1.0.0'),
    shell: null,
    key: 'one',
    knownVersions: new Map(),
    knownRoutes: new Set(),
    canaries: {},
  };
  const registry: RegistryCache = {
    current: async () => snapshot,
    readable: () => true,
    behind: () => false,
    isReportToken: () => false,
    close: async () => undefined,
  };
  return {
    registry,
    activate: (version: string) => (snapshot = { ...snapshot, registry: registryOf(version), key: version }),
  };
}

/** A renderer that answers what a test says, counting what it is asked. */
function fakeRenderers(
  render: (url: string, bundles: RendererBundles, data?: PageData | null) => Promise<RenderedPage> | RenderedPage,
) {
  const started: RendererBundles[] = [];
  const renders: string[] = [];
  const closed: number[] = [];
  const start = async (bundles: RendererBundles): Promise<PageRenderer> => {
    const index = started.push(bundles) - 1;
    let alive = true;
    return {
      render: async (url, _budgetMs, data) => {
        renders.push(url);
        return render(url, bundles, data);
      },
      publicPaths: async () => ['/about', '/'],
      alive: () => alive,
      close: () => {
        alive = false;
        closed.push(index);
      },
    };
  };
  return { start, started, renders, closed };
}

const rendered = (html: string, change: Partial<RenderedPage> = {}): RenderedPage => ({
  html,
  meta: { title: 'About us', description: 'Who we are.' },
  remote: 'mf-content',
  pageRendered: true,
  failure: null,
  widgets: [],
  error: null,
  ms: 1,
  ...change,
});

let shellDir: string;
beforeAll(async () => {
  shellDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shell-'));
  await fs.mkdir(path.join(shellDir, 'server'), { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  await fs.writeFile(
    path.join(shellDir, PAGE_ASSETS_FILE),
    JSON.stringify({ scripts: ['/static/js/index.js'], stylesheets: [], inlineScripts: [] }),
  );
  await fs.writeFile(path.join(shellDir, 'server', 'server.mjs'), 'export {}');
});

const noLocalReleases = () =>
  new Map<string, LocalRelease | null>([
    ['mf-content', null],
    ['mf-engagement', null],
    ['mf-donate', null],
  ]);

function pagesWith(
  renderers: ReturnType<typeof fakeRenderers>,
  registry: RegistryCache,
  budgetMs = 200,
  local: SitePagesOptions['releases'] = noLocalReleases,
  intact = true,
) {
  const metrics = createGatewayMetrics();
  const pages = sitePages({
    registry,
    releases: local,
    shellBuild: () => ({ dir: shellDir, baseUrl: '/' }),
    budgetMs,
    siteOrigin: { href: '' },
    settings: null,
    logger,
    metrics,
    serverBuildIntact: async () => intact,
    startRenderer: renderers.start,
  });
  return { pages, metrics };
}

const text = (response: { br: Buffer }) => zlib.brotliDecompressSync(response.br).toString();
const ORIGIN = 'https://party.example';

describe('sitePages', () => {
  it('renders a page once per snapshot, then answers from the cache, in every encoding', async () => {
    const renderers = fakeRenderers((url) => rendered(`<h1>${url}</h1>`));
    const { pages, metrics } = pagesWith(renderers, switchableRegistry().registry);
    await pages.publicPaths();

    const first = await pages.respond('/about', ORIGIN);
    const again = await pages.respond('/about', ORIGIN);
    expect(again).toBe(first);
    expect(first.status).toBe(200);
    expect(text(first)).toContain('<div id="root"><h1>/about</h1></div>');
    expect(zlib.gunzipSync(first.gzip).toString()).toBe(first.identity.toString());
    expect(renderers.renders.filter((url) => url === '/about').length).toBe(1);
    expect(await metrics.registry.getSingleMetricAsString('party_page_responses_total')).toMatch(
      /source="cache",remote="mf-content",version="1.0.0"\} [1-9]/,
    );
    pages.close();
  });

  it('renders a page with the data the gateway read for it, written beside it, once per state of that data', async () => {
    const withData: number[] = [];
    const renderers = fakeRenderers((_url, _bundles, data) => {
      if (data?.donationLedger) withData.push(data.donationLedger.donors);
      return rendered(`<p>${data?.donationLedger?.donors ?? 'no'} donors</p>`);
    });
    const { pages } = pagesWith(renderers, switchableRegistry().registry);
    const ledger = (donors: number) => ({
      currency: 'USD',
      disclosureThreshold: 200,
      donors,
      months: [],
      disclosed: [],
    });
    await pages.publicPaths();

    const first = await pages.respond('/about', ORIGIN, null, { key: 'a', data: { donationLedger: ledger(2) } });
    expect(text(first)).toContain('<div id="root"><p>2 donors</p></div>');
    expect(text(first)).toContain(
      `<script id="party-page-data" type="application/json">${JSON.stringify({ donationLedger: ledger(2) })}</script>`,
    );
    expect(await pages.respond('/about', ORIGIN, null, { key: 'a', data: { donationLedger: ledger(2) } })).toBe(first);
    expect(
      text(await pages.respond('/about', ORIGIN, null, { key: 'b', data: { donationLedger: ledger(3) } })),
    ).toContain('<p>3 donors</p>');
    expect(withData).toEqual([2, 3]);
    pages.close();
  });

  it('renders the next request with the releases just activated, in a new renderer, and retires the old one', async () => {
    const renderers = fakeRenderers((url, bundles) =>
      rendered(`<p>${bundles.remotes['mf-content'] ? 'x' : 'none'} ${url}</p>`),
    );
    const releases = switchableRegistry();
    const { pages } = pagesWith(renderers, releases.registry);
    const before = await pages.respond('/about', ORIGIN);
    expect(text(before)).toContain('"version":"1.0.0"');

    releases.activate('2.0.0');
    await pages.publicPaths();
    const after = await pages.respond('/about', ORIGIN);
    expect(text(after)).toContain('"version":"2.0.0"');
    expect(renderers.started).toHaveLength(2);
    pages.close();
  });

  it('never loads a published release’s server build that is not what was published', async () => {
    const releaseDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'));
    await fs.mkdir(path.join(releaseDir, 'server'), { recursive: true });
    await fs.writeFile(path.join(releaseDir, 'server', 'server.mjs'), 'export {}');
    const local = () =>
      noLocalReleases().set('mf-content', { dir: releaseDir, baseUrl: '/releases/mf-content/1.0.0/' });
    for (const intact of [true, false]) {
      const renderers = fakeRenderers((url) => rendered(`<h1>${url}</h1>`));
      const { pages, metrics } = pagesWith(renderers, switchableRegistry().registry, 200, local, intact);
      await pages.publicPaths();
      expect(renderers.started[0]?.remotes['mf-content']).toEqual(
        intact
          ? { serverEntry: path.join(releaseDir, 'server', 'server.mjs'), assetBase: '/releases/mf-content/1.0.0/' }
          : null,
      );
      expect(
        (await metrics.registry.getSingleMetricAsString('party_page_render_failures_total')).includes(
          'reason="changed-server-build"',
        ),
      ).toBe(!intact);
      pages.close();
    }
    await fs.rm(releaseDir, { recursive: true, force: true });
  });

  it('answers 404 for an unknown path and for a page that says it names nothing', async () => {
    const renderers = fakeRenderers((url) =>
      url === '/news/gone'
        ? rendered('<h1>Article not found</h1>', {
            meta: { title: 'Article not found', description: 'x', status: 404 },
          })
        : rendered('<h1>404 Page Not Found</h1>', {
            remote: null,
            meta: { title: 'Page Not Found', description: 'x', status: 404 },
          }),
    );
    const { pages } = pagesWith(renderers, switchableRegistry().registry);
    await pages.publicPaths();
    expect((await pages.respond('/no/such/page', ORIGIN)).status).toBe(404);
    expect((await pages.respond('/news/gone', ORIGIN)).status).toBe(404);
    pages.close();
  });

  it('leaves the page to the browser (same releases, no 500) when the render is slower than the budget, and caches it once done', async () => {
    let finish: () => void = () => undefined;
    const renderers = fakeRenderers((url) =>
      url === '/policy'
        ? new Promise<RenderedPage>((resolve) => (finish = () => resolve(rendered('<h1>Policy</h1>'))))
        : rendered('<p></p>'),
    );
    const { pages, metrics } = pagesWith(renderers, switchableRegistry().registry, 20);
    await pages.publicPaths();

    const slow = await pages.respond('/policy', ORIGIN);
    expect(slow.status).toBe(200);
    expect(text(slow)).toContain('<div id="root"></div>');
    expect(text(slow)).toContain('<script id="party-registry"');
    expect(await metrics.registry.getSingleMetricAsString('party_page_responses_total')).toMatch(
      /source="browser",remote="mf-content",version="1.0.0"\} 1/,
    );

    finish();
    await eventually(async () => text(await pages.respond('/policy', ORIGIN)).includes('<h1>Policy</h1>'));
    pages.close();
  });

  it('counts a remote it could not render, by remote, version and reason, and does not keep that page', async () => {
    const renderers = fakeRenderers(() =>
      rendered('<p>loading</p>', { pageRendered: false, failure: 'render-failed' }),
    );
    const { pages, metrics } = pagesWith(renderers, switchableRegistry().registry);
    await pages.publicPaths();
    await pages.respond('/careers', ORIGIN);
    await pages.respond('/careers', ORIGIN);
    expect(await metrics.registry.getSingleMetricAsString('party_page_render_failures_total')).toContain(
      'party_page_render_failures_total{remote="mf-content",version="1.0.0",reason="render-failed"}',
    );
    expect(renderers.renders.filter((url) => url === '/careers')).toHaveLength(2);
    pages.close();
  });

  it('still answers every page when the renderer cannot start', async () => {
    const { pages } = pagesWith(
      { ...fakeRenderers(() => rendered('')), start: () => Promise.reject(new Error('no node')) },
      switchableRegistry().registry,
    );
    const page = await pages.respond('/about', ORIGIN);
    expect(page.status).toBe(200);
    expect(text(page)).toContain('<div id="root"></div>');
    expect(await pages.publicPaths()).toContain('/about');
    pages.close();
  });
});

describe('routeOfPath', () => {
  it('matches the routes of a registry’s releases as the shell’s router does, whatever the case or a trailing slash', () => {
    const registry = registryOf('1.0.0');
    expect(routeOfPath(registry, '/news/budget-act')).toMatchObject({ page: 'NewsArticle', remote: 'mf-content' });
    expect(routeOfPath(registry, '/About/')?.page).toBe('About');
    expect(routeOfPath(registry, '/donate')?.remote).toBe('mf-donate');
    expect(routeOfPath(registry, '/news/a/b')).toBeUndefined();
    expect(routeOfPath(registry, '/nowhere')).toBeUndefined();
  });
});
