// The page renderer: a child process of the gateway, sealed by the kernel (renderer-sandbox.ts),
// that loads the shell's and the remotes' server builds of one registry snapshot and renders pages
// as HTML. Remote code runs here, never in the gateway: it sees none of the gateway's files or
// environment, has no network, process or worker, and cannot block the gateway's event loop
// (decisions 0035, 0044). Protocol: renderer-protocol.ts.
import { pathToFileURL } from 'node:url';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactDomServer from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactRouter from 'react-router';
import * as zustand from 'zustand';
import * as zustandVanilla from 'zustand/vanilla';
import {
  alreadyLoaded,
  remoteModuleId,
  remoteWidgetIds,
  renderOnServer,
  SERVER_SHARED_GLOBAL,
  serverSharedModules,
  siteRoutesOf,
  type RemoteName,
  type RemoteRegistry,
  type RemoteWidgetId,
  type SiteRoute,
  type SiteSettings,
} from '@party/shared-contracts';
import type { RemoteServerBundle } from '@party/shared-ui';
import type {
  RenderedPage,
  RendererCall,
  RendererCalls,
  RendererError,
  RendererMessage,
  RendererRequest,
} from './renderer-protocol.js';

/** The shell's server build (shell/src/server-entry.tsx). */
interface ShellServerBuild {
  renderSite(url: string, source: (id: string) => Promise<unknown>, registry: RemoteRegistry): string;
  routeOf(path: string, routes: SiteRoute[]): SiteRoute | undefined;
}

// The shared singletons of every server build: this process's React, router and zustand, bundled
// with it (renderer-sandbox.ts).
const serverShared: Record<(typeof serverSharedModules)[number], unknown> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-dom/server': reactDomServer,
  'react-router': reactRouter,
  zustand,
  'zustand/vanilla': zustandVanilla,
};
(globalThis as Record<string, unknown>)[SERVER_SHARED_GLOBAL] = serverShared;

let shell: ShellServerBuild;
/** The registry snapshot this process renders, and its releases' routes. */
let registry: RemoteRegistry;
let settings: SiteSettings | null = null;
let routes: SiteRoute[] = [];
const bundles = new Map<RemoteName, RemoteServerBundle>();
/** Remote modules loaded, by federation id; a failed one is recorded as an Error. */
const modules = new Map<string, unknown>();
const pending = new Map<string, Promise<unknown>>();

const asError = (error: unknown): RendererError =>
  error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };

function loadModule(id: string, load: () => Promise<unknown>): Promise<unknown> {
  let loading = pending.get(id);
  if (!loading) {
    loading = load().then(
      (module) => modules.set(id, module),
      (error: unknown) => modules.set(id, error instanceof Error ? error : new Error(String(error))),
    );
    pending.set(id, loading);
  }
  return loading;
}

const handlers: {
  [Call in RendererCall]: (payload: RendererCalls[Call]['payload']) => Promise<RendererCalls[Call]['result']>;
} = {
  async configure({ shellEntry, remotes, registry: snapshot, settings: siteSettings }) {
    shell = (await import(pathToFileURL(shellEntry).href)) as ShellServerBuild;
    registry = snapshot;
    settings = siteSettings;
    routes = siteRoutesOf(registry);
    const failures: RendererCalls['configure']['result']['failures'] = [];
    for (const [name, remote] of Object.entries(remotes) as Array<[RemoteName, (typeof remotes)[RemoteName]]>) {
      if (!remote) continue;
      try {
        const { bundle } = (await import(pathToFileURL(remote.serverEntry).href)) as { bundle: RemoteServerBundle };
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
        const [remote, widget] = id.split('/') as [RemoteName, string];
        const bundle = bundles.get(remote);
        return bundle && loadModule(id, () => bundle.loadWidget(widget));
      }),
      ...routes.map((route) => {
        const bundle = bundles.get(route.remote);
        return bundle && loadModule(remoteModuleId(route), () => bundle.loadPage(route.page));
      }),
    ]);
    return { failures };
  },

  async render({ url, budgetMs, data }) {
    const started = performance.now();
    const route = shell.routeOf(new URL(url, 'http://site').pathname, routes);
    const bundle = route && bundles.get(route.remote);
    const pageId = route && remoteModuleId(route);
    if (route && bundle && pageId) {
      const loading = loadModule(pageId, () => bundle.loadPage(route.page));
      await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, budgetMs))]);
    }
    const page = pageId ? modules.get(pageId) : undefined;
    const available = (id: string) => {
      const module = modules.get(id);
      return module instanceof Error ? undefined : module;
    };
    let html = '';
    let meta: RenderedPage['meta'] = null;
    let error: string | null = null;
    try {
      ({ result: html, meta } = renderOnServer(
        // A module not (yet) loaded never settles: its page or widget is left for the browser.
        () =>
          shell.renderSite(
            url,
            (id) => (available(id) === undefined ? new Promise(() => undefined) : alreadyLoaded(available(id))),
            registry,
          ),
        available,
        settings,
        data,
      ));
    } catch (caught) {
      // An error outside every boundary leaves the whole page to the browser.
      error = asError(caught).message;
    }
    // A page marks where it embeds another remote's widget (data-widget), so that the browser loads
    // that widget before hydrating.
    const widgets = [
      ...new Set([...html.matchAll(/data-widget="([\w/-]+)"/g)].map((match) => match[1] as RemoteWidgetId)),
    ];
    const pageRendered = Boolean(route) && html.includes(`data-remote="${route?.remote}"`);
    let failure: RenderedPage['failure'] = null;
    if (route && !pageRendered)
      failure = !bundle
        ? 'no-server-build'
        : page === undefined
          ? 'timeout'
          : page instanceof Error
            ? 'load-failed'
            : 'render-failed';
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
  },

  async publicPaths() {
    return [...bundles.values()].flatMap((bundle) => bundle.publicPaths());
  },
};

function send(message: RendererMessage) {
  process.send?.(message);
}

process.on('message', async ({ id, type, payload }: RendererRequest) => {
  try {
    send({
      id,
      result: await (handlers[type] as (payload: unknown) => Promise<RendererCalls[RendererCall]['result']>)(payload),
    });
  } catch (error) {
    send({ id, error: asError(error) });
  }
});
send({ ready: true });
