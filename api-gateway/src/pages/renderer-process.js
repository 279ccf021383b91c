// The page renderer: a child process of the gateway, started with an empty environment, that loads
// the shell's and the remotes' server builds of one registry snapshot and renders pages as HTML.
// Remote code runs here, never in the gateway: it sees no database credentials and cannot block
// the gateway's event loop. Plain JavaScript, so that Node runs it as it is from src/ and dist/.
// Protocol (process.send): see page-renderer.ts.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { alreadyLoaded, remoteModuleId, remoteWidgetIds, renderOnServer, SERVER_SHARED_GLOBAL, serverSharedModules, siteRoutesOf } from '@party/shared-contracts';

const require = createRequire(import.meta.url);
// The shared singletons of every server build: this process's React, router and zustand.
globalThis[SERVER_SHARED_GLOBAL] = Object.fromEntries(serverSharedModules.map((name) => [name, require(name)]));

/** @type {{ renderSite: (url: string, source: (id: string) => Promise<unknown>, registry: import('@party/shared-contracts').RemoteRegistry) => string, routeOf: (path: string, routes: import('@party/shared-contracts').SiteRoute[]) => import('@party/shared-contracts').SiteRoute | undefined }} */
let shell;
/** The registry snapshot this process renders, and its releases' routes. */
let registry;
/** The gateway's site settings, given to every page it renders. */
let settings = null;
/** @type {import('@party/shared-contracts').SiteRoute[]} */
let routes = [];
/** @type {Map<string, import('@party/shared-contracts/ui').RemoteServerBundle>} */
const bundles = new Map();
/** Remote modules loaded, by federation id; a failed one is recorded as an Error. */
const modules = new Map();
const pending = new Map();

const asError = (error) => (error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) });

function loadModule(id, load) {
  if (!pending.has(id)) {
    pending.set(
      id,
      load().then(
        (module) => modules.set(id, module),
        (error) => modules.set(id, error instanceof Error ? error : new Error(String(error))),
      ),
    );
  }
  return pending.get(id);
}

async function configure({ shellEntry, remotes, registry: snapshot, settings: siteSettings }) {
  shell = await import(pathToFileURL(shellEntry).href);
  registry = snapshot;
  settings = siteSettings ?? null;
  routes = siteRoutesOf(registry);
  const failures = [];
  for (const [name, remote] of Object.entries(remotes)) {
    if (!remote) continue;
    try {
      const { bundle } = await import(pathToFileURL(remote.serverEntry).href);
      bundle.setAssetBase(remote.assetBase);
      bundles.set(name, bundle);
    } catch (error) {
      failures.push({ remote: name, ...asError(error) });
    }
  }
  // Every page and widget is loaded up front: a widget is asked for during a render, which cannot
  // wait, and a page's first visitor should not wait for its module either.
  await Promise.all([
    ...remoteWidgetIds.map((id) => {
      const [remote, widget] = id.split('/');
      const bundle = bundles.get(remote);
      return bundle ? loadModule(id, () => bundle.loadWidget(widget)) : undefined;
    }),
    ...routes.map((route) => {
      const bundle = bundles.get(route.remote);
      return bundle ? loadModule(remoteModuleId(route), () => bundle.loadPage(route.page)) : undefined;
    }),
  ]);
  return { failures };
}

async function render({ url, budgetMs, data }) {
  const started = performance.now();
  const route = shell.routeOf(new URL(url, 'http://site').pathname, routes);
  const bundle = route && bundles.get(route.remote);
  const pageId = route && remoteModuleId(route);
  if (bundle) {
    const loading = loadModule(pageId, () => bundle.loadPage(route.page));
    await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, budgetMs))]);
  }
  const page = pageId && modules.get(pageId);
  const available = (id) => {
    const module = modules.get(id);
    return module === undefined || module instanceof Error ? undefined : module;
  };
  let html = '';
  let meta = null;
  let error = null;
  try {
    ({ result: html, meta } = renderOnServer(
      // A module not (yet) loaded never settles: its page or widget is left for the browser.
      () => shell.renderSite(url, (id) => (available(id) === undefined ? new Promise(() => undefined) : alreadyLoaded(available(id))), registry),
      available,
      settings,
      data ?? null,
    ));
  } catch (caught) {
    // An error outside every boundary leaves the whole page to the browser.
    error = asError(caught).message;
  }
  // A page marks where it embeds another remote's widget (data-widget), so that the browser loads
  // that widget before hydrating.
  const widgets = [...new Set([...html.matchAll(/data-widget="([\w/-]+)"/g)].map((match) => match[1]))];
  const pageRendered = Boolean(route) && html.includes(`data-remote="${route.remote}"`);
  let failure = null;
  if (route && !pageRendered) {
    failure = !bundle ? 'no-server-build' : page === undefined ? 'timeout' : page instanceof Error ? 'load-failed' : 'render-failed';
  }
  return {
    html,
    meta,
    remote: route?.remote ?? null,
    pageRendered,
    failure,
    widgets,
    error,
    ms: performance.now() - started,
  };
}

function publicPaths() {
  return [...bundles.values()].flatMap((bundle) => bundle.publicPaths());
}

const handlers = { configure, render, publicPaths };

process.on('message', async ({ id, type, payload }) => {
  try {
    process.send({ id, result: await handlers[type](payload) });
  } catch (error) {
    process.send({ id, error: asError(error) });
  }
});
process.send({ ready: true });
