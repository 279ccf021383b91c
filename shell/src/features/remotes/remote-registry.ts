import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_REGISTRY_PATH,
  remoteRegistrySchema,
  type RemoteRegistry,
} from '@party/shared-contracts';

export class RemoteRegistryError extends Error {
  override name = 'RemoteRegistryError';
}

let pending: Promise<RemoteRegistry> | null = null;

async function fetchRegistry(): Promise<RemoteRegistry> {
  const response = await fetch(REMOTE_REGISTRY_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new RemoteRegistryError(`The remote registry answered ${response.status}`);
  const parsed = remoteRegistrySchema.safeParse(await response.json());
  if (!parsed.success) throw new RemoteRegistryError('The remote registry document is not valid');
  registerRemotes(
    Object.entries(parsed.data.remotes).map(([name, remote]) => ({ name, entry: remote.entry })),
  );
  return parsed.data;
}

/**
 * Reads the registry once per page load and registers its remotes with the Module Federation
 * runtime. A failure is not kept, so that the next caller (a Retry) asks again.
 */
export function loadRemoteRegistry(): Promise<RemoteRegistry> {
  pending ??= fetchRegistry().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

