import type { RemoteName } from '@party/shared-contracts';
import { fetchRegistry, loadRemoteRegistry } from './remote-registry';

/**
 * True when the gateway now serves another release of `remote` than the one this page loaded (it
 * was activated or rolled back since): this page must not keep loading the old release's pages.
 */
export async function remoteReleaseChanged(remote: RemoteName): Promise<boolean> {
  const [running, served] = await Promise.all([loadRemoteRegistry(), fetchRegistry()]);
  const [before, now] = [running.remotes[remote], served.remotes[remote]];
  return before.entry !== now.entry || before.version !== now.version;
}
