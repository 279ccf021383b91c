import type { FrontEndName } from '@party/shared-contracts';
import type { ReleaseControl } from '@party/release-tool';
import type { GatewayConfig } from '../config.js';
import {
  activateRelease,
  activeCanaries,
  activeReleases,
  promoteCanary,
  publishRelease,
  type ReleaseCache,
  type ReleasePreviews,
  releaseHistory,
  type ReleaseStore,
  rollbackRelease,
  startCanary,
  storedAsPublished,
} from '../releases/index.js';

/**
 * The release command line straight on the database: for PostgreSQL, or the embedded database while
 * the site is stopped. `by`: who runs it, as the history records it (this machine's account).
 */
export function databaseControl(
  store: ReleaseStore & { cache: ReleaseCache; previews: ReleasePreviews },
  by: string,
): ReleaseControl {
  const { db } = store;
  const check = storedAsPublished(store);
  return {
    publish: (remote, version, sourceDir, reason) => publishRelease(store, { remote, version, sourceDir, by, reason }),
    active: async () => ({ active: await activeReleases(db), canaries: await activeCanaries(db) }),
    history: (remote) => releaseHistory(db, remote),
    activate: async (remote, version, { canary, reason }) =>
      canary === undefined
        ? activateRelease(db, { remote, version, by, reason }, check)
        : { previous: (await startCanary(db, { remote, version, percent: canary, by, reason }, check)).active },
    promote: (remote, reason) => promoteCanary(db, { remote, by, reason }, check),
    rollback: (remote, { reason, to }) => rollbackRelease(db, { remote, by, reason, to }, check),
    preview: (remote, version, hours) => store.previews.mint(remote, version, hours),
  };
}

/** What each remote runs on this machine while no release of it is active, as the command line says it. */
export const configuredBuildOf =
  ({ remoteEntries }: Pick<GatewayConfig, 'remoteEntries'>) =>
  (frontEnd: FrontEndName): string =>
    frontEnd === 'shell' ? 'the built shell (shell/dist)' : remoteEntries[frontEnd];
