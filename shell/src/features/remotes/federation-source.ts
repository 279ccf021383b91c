import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRemoteRegistry } from './remote-registry';
import type { RemoteModuleSource } from './remote-modules';

/** Remote modules in a browser: from the releases the registry names, through Module Federation. */
export const federationModuleSource: RemoteModuleSource = async (id) => {
  await loadRemoteRegistry();
  return loadRemote(id);
};
