import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_REGISTRY_PATH, remoteRegistrySchema, type RemoteRegistry } from '@party/shared-contracts';

export class RemoteRegistryError extends Error {
  override name = 'RemoteRegistryError';
}

/** The id of the script element in which the server puts the registry its HTML was rendered with. */
export const REGISTRY_ELEMENT_ID = 'party-registry';

function parse(document: unknown): RemoteRegistry {
  const parsed = remoteRegistrySchema.safeParse(document);
  if (!parsed.success) throw new RemoteRegistryError('The remote registry document is not valid');
  return parsed.data;
}

/** The registry the page's HTML was rendered with: its remotes' JavaScript must be the same releases. */
function embeddedRegistry(): RemoteRegistry | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(REGISTRY_ELEMENT_ID);
  return element?.textContent ? parse(JSON.parse(element.textContent)) : null;
}

/** The registry the gateway serves now (new page loads get its releases). */
async function fetchRegistry(): Promise<RemoteRegistry> {
  const response = await fetch(REMOTE_REGISTRY_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new RemoteRegistryError(`The remote registry answered ${response.status}`);
  return parse(await response.json());
}

export interface RemoteRegistryClient {
  /**
   * The registry of this page load (from the page itself when the server rendered it, else from
   * `/remotes.json`), its remotes registered with the Module Federation runtime: read once. A
   * failure is not kept, so that the next caller (a Retry) asks again.
   */
  load(): Promise<RemoteRegistry>;
  /** The registry the gateway serves now, asked afresh every time. */
  served(): Promise<RemoteRegistry>;
}

export function createRemoteRegistry(): RemoteRegistryClient {
  let pending: Promise<RemoteRegistry> | null = null;
  return {
    load() {
      pending ??= Promise.resolve()
        .then(() => embeddedRegistry() ?? fetchRegistry())
        .then((registry) => {
          registerRemotes(Object.entries(registry.remotes).map(([name, remote]) => ({ name, entry: remote.entry })));
          return registry;
        })
        .catch((error: unknown) => {
          pending = null;
          throw error;
        });
      return pending;
    },
    served: fetchRegistry,
  };
}
