import { alreadyLoaded } from '@party/shared-contracts';

/** Where remote modules come from: the Module Federation runtime in a browser, the page renderer on the server. */
export type RemoteModuleSource = (id: string) => Promise<unknown>;

let source: RemoteModuleSource = (id) => Promise.reject(new Error(`No remote module source to load ${id}`));
const loaded = new Map<string, unknown>();

export function setRemoteModuleSource(load: RemoteModuleSource): void {
  source = load;
}

/**
 * A remote module by its federation id (`mf-content/Home`). One already loaded comes back at once
 * (React.lazy then renders it without suspending: at hydration, and in a server render); a failure
 * is not kept, so that a Retry asks again.
 */
export function loadRemoteModule(id: string): Promise<unknown> {
  if (loaded.has(id)) return alreadyLoaded(loaded.get(id));
  return source(id).then((module) => {
    loaded.set(id, module);
    return module;
  });
}

/** The module if it is loaded already. */
export function loadedRemoteModule(id: string): unknown {
  return loaded.get(id);
}
