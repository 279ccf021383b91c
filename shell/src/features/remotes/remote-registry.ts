import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_REGISTRY_PATH,
  remoteRegistrySchema,
  type RemoteRegistry,
} from '@party/shared-contracts';

export class RemoteRegistryError extends Error {
  override name = 'RemoteRegistryError';
}

/** The id of the script element in which the server puts the registry its HTML was rendered with. */
export const REGISTRY_ELEMENT_ID = 'party-registry';

function register(registry: RemoteRegistry): RemoteRegistry {
  registerRemotes(Object.entries(registry.remotes).map(([name, remote]) => ({ name, entry: remote.entry })));
  return registry;
}

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
export async function fetchRegistry(): Promise<RemoteRegistry> {
  const response = await fetch(REMOTE_REGISTRY_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new RemoteRegistryError(`The remote registry answered ${response.status}`);
  return parse(await response.json());
}

let pending: Promise<RemoteRegistry> | null = null;

/**
 * Reads the registry once per page load (from the page itself when the server rendered it, else
 * from `/remotes.json`) and registers its remotes with the Module Federation runtime. A failure is
 * not kept, so that the next caller (a Retry) asks again.
 */
export function loadRemoteRegistry(): Promise<RemoteRegistry> {
  pending ??= Promise.resolve()
    .then(() => embeddedRegistry() ?? fetchRegistry())
    .then(register)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
