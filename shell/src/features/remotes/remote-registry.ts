import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_REGISTRY_PATH, type RemoteRegistry } from '@party/shared-contracts';

export class RemoteRegistryError extends Error {
  override name = 'RemoteRegistryError';
}

/** The id of the script element in which the server puts the registry its HTML was rendered with. */
export const REGISTRY_ELEMENT_ID = 'party-registry';

/**
 * The registry document as the gateway wrote it (it validates what it writes, with the contract's
 * schema): checked here only for its shape, so that an error page read by mistake fails clearly and
 * the shell need not carry a validator of its own.
 */
function parse(document: unknown): RemoteRegistry {
  const remotes = (document as Partial<RemoteRegistry> | null)?.remotes;
  // Which remotes there are is the registry's to say; each it names must be well formed.
  const wellFormed =
    typeof remotes === 'object' &&
    remotes !== null &&
    Object.values(remotes).every(
      (release) =>
        typeof release?.entry === 'string' && typeof release.version === 'string' && Array.isArray(release.routes),
    );
  if (!wellFormed) throw new RemoteRegistryError('The remote registry document is not valid');
  return document as RemoteRegistry;
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
