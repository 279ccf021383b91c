import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isRemoteName, REMOTE_FAILURE_PATH, type RemoteFailureReport, type RemoteName } from '@party/shared-contracts';
import { isLeavingPage } from '@party/shared-ui';
import type { RemoteRegistryClient } from './remote-registry';

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

export interface RemoteFailureReporter {
  /** Tells the gateway, once per error, that `remote` failed on the current route. */
  report(remote: RemoteName, error: unknown): void;
}

/**
 * The one place remote failures are reported from: which remote and release (with the release's
 * report token from the registry), the code, and the route pattern (`currentRoute`, never the
 * visited URL); nothing about the visitor. A failure is
 * reported once per page load, whoever sees it first (the runtime plugin, a page's error boundary)
 * and however often it is tried. Best effort: a failed report is dropped.
 */
export function createRemoteFailureReporter(
  registry: RemoteRegistryClient,
  currentRoute: () => string | undefined,
): RemoteFailureReporter {
  const reported = new Set<string>();
  return {
    report(remote, error) {
      const route = currentRoute();
      const code = remoteFailureCode(error);
      const key = `${remote} ${code} ${route}`;
      if (!route || isLeavingPage() || reported.has(key)) return;
      reported.add(key);
      void registry
        .load()
        .catch(() => null)
        .then((running) => {
          const release = running?.remotes[remote];
          const report: RemoteFailureReport = {
            remote,
            version: release?.version ?? 'unknown',
            code,
            route,
            ...(release?.reportToken && { token: release.reportToken }),
          };
          return fetch(REMOTE_FAILURE_PATH, {
            method: 'POST',
            keepalive: true,
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(report),
          });
        })
        .catch(() => undefined);
    },
  };
}

/** The remote a federation module id (`mf-engagement/NewsletterSignup`) belongs to. */
export const remoteOfModule = (id: string): RemoteName | undefined => {
  const name = id.split('/')[0];
  return isRemoteName(name) ? name : undefined;
};

/**
 * A Module Federation runtime plugin: every remote module that fails to load (a page or a widget
 * another remote embeds) is reported as it fails. It offers no stand-in: the caller's error state
 * shows.
 */
export function remoteFailurePlugin(reporter: RemoteFailureReporter): ModuleFederationRuntimePlugin {
  return {
    name: 'party-remote-failures',
    errorLoadRemote({ id, error }) {
      const remote = remoteOfModule(id);
      if (remote) reporter.report(remote, error);
      return undefined;
    },
  };
}
