import { remoteModuleId, type RemotePageModule, type RemoteWidgetId, type SiteRoute } from '@party/shared-contracts';
import { loadedRemoteModule, loadRemoteModule } from './remote-modules';

export class RemoteContractError extends Error {
  override name = 'RemoteContractError';
}

function asPage(id: string, module: unknown): RemotePageModule {
  if (typeof (module as Partial<RemotePageModule> | undefined)?.default !== 'function') {
    throw new RemoteContractError(`${id} does not export a page component`);
  }
  return module as RemotePageModule;
}

/** Loads the page module a route names, from whichever build of its remote the registry points at. */
export function loadRemotePage(route: SiteRoute): Promise<RemotePageModule> {
  const id = remoteModuleId(route);
  return loadRemoteModule(id).then((module) => asPage(id, module));
}

/** The route's page module if it is loaded already (before hydration, or on the server). */
export function loadedRemotePage(route: SiteRoute): RemotePageModule | undefined {
  const id = remoteModuleId(route);
  const module = loadedRemoteModule(id);
  // One that breaks the contract is left to the lazy path, which fails inside the error boundary.
  return typeof (module as Partial<RemotePageModule> | undefined)?.default === 'function' ? (module as RemotePageModule) : undefined;
}

/** Loads a widget one remote exposes for another to embed; the caller checks what it got. */
export function loadRemoteWidgetModule(id: RemoteWidgetId): Promise<unknown> {
  return loadRemoteModule(id);
}
