import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteModuleId, type RemotePageModule, type RemoteWidgetId, type SiteRoute } from '@party/shared-contracts';
import { loadRemoteRegistry } from './remote-registry';

export class RemoteContractError extends Error {
  override name = 'RemoteContractError';
}

/** Loads the page module a route names, from whichever build of its remote the registry points at. */
export async function loadRemotePage(route: SiteRoute): Promise<RemotePageModule> {
  await loadRemoteRegistry();
  const id = remoteModuleId(route);
  const module = await loadRemote<RemotePageModule>(id);
  if (typeof module?.default !== 'function') {
    throw new RemoteContractError(`${id} does not export a page component`);
  }
  return module;
}

/** Loads a widget one remote exposes for another to embed; the caller checks what it got. */
export async function loadRemoteWidgetModule(id: RemoteWidgetId): Promise<unknown> {
  await loadRemoteRegistry();
  return loadRemote(id);
}
