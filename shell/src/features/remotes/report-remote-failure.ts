import { REMOTE_FAILURE_PATH, type RemoteFailureReport, type RemoteName } from '@party/shared-contracts';
import { loadRemoteRegistry } from './remote-registry';

/** A short, bounded code for what went wrong: the federation runtime's code where it gave one. */
export function remoteFailureCode(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const runtimeCode = /RUNTIME-\d+/.exec(message)?.[0];
  if (runtimeCode) return runtimeCode;
  const name = error instanceof Error ? error.name : '';
  if (name === 'ChunkLoadError' || /Loading (CSS )?chunk/i.test(message)) return 'CHUNK_LOAD';
  if (name === 'RemoteContractError') return 'CONTRACT';
  if (name === 'RemoteRegistryError') return 'REGISTRY';
  return 'RENDER_ERROR';
}

/**
 * Tells the gateway that a remote failed to load: which remote and release, the code, and the
 * route pattern; nothing about the visitor. Best effort: a failed report is dropped.
 */
export async function reportRemoteFailure(remote: RemoteName, routePattern: string, error: unknown): Promise<void> {
  const registry = await loadRemoteRegistry().catch(() => null);
  const report: RemoteFailureReport = {
    remote,
    version: registry?.remotes[remote]?.version ?? 'unknown',
    code: remoteFailureCode(error),
    route: routePattern,
  };
  await fetch(REMOTE_FAILURE_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}
