import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  alreadyLoaded,
  remoteModuleId,
  type RemoteName,
  type RemoteWidgetId,
  type SiteRoute,
} from '@party/shared-contracts';
import { type RemotePageModule } from '@party/shared-ui';
import type { RemoteFailureReporter } from './remote-failures';
import type { RemoteRegistryClient } from './remote-registry';

export class RemoteContractError extends Error {
  override name = 'RemoteContractError';
}

/** Where remote modules come from: the Module Federation runtime in a browser, the page renderer on the server. */
export type RemoteModuleSource = (id: string) => Promise<unknown>;

/** Remote modules in a browser: from the releases the registry names, through Module Federation. */
export const federationSource =
  (registry: RemoteRegistryClient): RemoteModuleSource =>
  async (id) => {
    await registry.load();
    return loadRemote(id);
  };

type LazyPage = LazyExoticComponent<ComponentType>;

const isPage = (module: unknown): module is RemotePageModule =>
  typeof (module as Partial<RemotePageModule> | undefined)?.default === 'function';

export interface RemoteLoader {
  /** Loads the page module a route names, from whichever release of its remote the registry points at. */
  loadPage(route: SiteRoute): Promise<RemotePageModule>;
  /**
   * The route's page as a lazy component, one per route, kept so that coming back shows it at once;
   * a page loaded already (before hydration, or on the server) renders without suspending.
   */
  lazyPage(route: SiteRoute): LazyPage;
  /** Loads a widget one remote exposes for another to embed; the caller checks what it got. */
  loadWidget(id: RemoteWidgetId): Promise<unknown>;
  /** True when the gateway now serves another release of `remote` than this page loaded (never on the server). */
  releaseChanged(remote: RemoteName): Promise<boolean>;
  /** Reports a remote's failure (in a browser; the server renderer logs its own). */
  reportFailure(remote: RemoteName, error: unknown): void;
}

interface RemoteLoaderOptions {
  source: RemoteModuleSource;
  /** The browser's registry and failure reporter; absent on the server. */
  registry?: RemoteRegistryClient;
  reporter?: RemoteFailureReporter;
}

/** The shell's one remote-loading layer: every page and widget module comes through one of these. */
export function createRemoteLoader({ source, registry, reporter }: RemoteLoaderOptions): RemoteLoader {
  const loaded = new Map<string, unknown>();
  const lazyPages = new Map<string, LazyPage>();

  // One already loaded comes back at once (React.lazy then renders it without suspending); a
  // failure is not kept, so that a Retry asks again.
  const load = (id: string): Promise<unknown> =>
    loaded.has(id)
      ? alreadyLoaded(loaded.get(id))
      : source(id).then((module) => {
          loaded.set(id, module);
          return module;
        });

  const loadPage = (route: SiteRoute) => {
    const id = remoteModuleId(route);
    return load(id).then((module) => {
      if (!isPage(module)) throw new RemoteContractError(`${id} does not export a page component`);
      return module;
    });
  };

  return {
    loadPage,
    lazyPage(route) {
      const module = loaded.get(remoteModuleId(route));
      // One that breaks the contract is left to the lazy path, which fails inside the error boundary.
      if (isPage(module)) return lazy(() => alreadyLoaded(module));
      let page = lazyPages.get(route.path);
      if (!page) {
        page = lazy(() => loadPage(route));
        lazyPages.set(route.path, page);
      }
      return page;
    },
    loadWidget: load,
    async releaseChanged(remote) {
      if (!registry) return false;
      const [running, served] = await Promise.all([registry.load(), registry.served()]);
      const [before, now] = [running.remotes[remote], served.remotes[remote]];
      // A remote removed from the site since (or added) has changed as much as a new release.
      return before?.entry !== now?.entry || before?.version !== now?.version;
    },
    reportFailure(remote, error) {
      reporter?.report(remote, error);
    },
  };
}
