import type { ReleaseName } from '@party/shared-contracts';
import { adminApi, uploadRelease } from '@party/shared-contracts/release';
import {
  activateRelease,
  activeCanaries,
  type ActiveRelease,
  activeReleases,
  type Canary,
  type HistoryEntry,
  promoteCanary,
  publishRelease,
  type ReleaseCache,
  releaseHistory,
  type ReleaseStore,
  rollbackRelease,
  startCanary,
  storedAsPublished,
} from '../releases/index.js';

export interface ReleaseChangeRequest {
  reason: string;
  /** Who asks; the gateway ignores it and records its token's owner instead. */
  by: string;
}

/** What `npm run remotes` changes, either in the database itself or through the running gateway. */
export interface ReleaseControl {
  /** Stores the build in `sourceDir` as a release (checked, digested, not active yet). */
  publish(remote: ReleaseName, version: string, sourceDir: string, change: ReleaseChangeRequest): Promise<{ entry: string }>;
  active(): Promise<{ active: Partial<Record<ReleaseName, ActiveRelease>>; canaries: Partial<Record<ReleaseName, Canary>> }>;
  history(remote: ReleaseName): Promise<HistoryEntry[]>;
  /** With `canary`, serves it to that share of visitors beside the active release. */
  activate(remote: ReleaseName, version: string, change: ReleaseChangeRequest & { canary?: number }): Promise<{ previous: string | null }>;
  /** Makes the running canary the active release. */
  promote(remote: ReleaseName, change: ReleaseChangeRequest): Promise<{ version: string; previous: string | null }>;
  rollback(remote: ReleaseName, change: ReleaseChangeRequest & { to?: string }): Promise<{ from: string | null; to: string | null; canaryEnded?: string }>;
}

/** Straight to the database: for PostgreSQL, or the embedded database while the site is stopped. */
export function databaseControl(store: ReleaseStore & { cache: ReleaseCache }): ReleaseControl {
  const { db } = store;
  const check = storedAsPublished(store);
  return {
    publish: (remote, version, sourceDir, change) => publishRelease(store, { remote, version, sourceDir, ...change }),
    active: async () => ({ active: await activeReleases(db), canaries: await activeCanaries(db) }),
    history: (remote) => releaseHistory(db, remote),
    activate: async (remote, version, { canary, ...change }) =>
      canary === undefined ? activateRelease(db, { remote, version, ...change }, check) : { previous: (await startCanary(db, { remote, version, percent: canary, ...change }, check)).active },
    promote: (remote, change) => promoteCanary(db, { remote, ...change }, check),
    rollback: (remote, change) => rollbackRelease(db, { remote, ...change }, check),
  };
}

/** Through the running gateway's admin API, with a token: any database, no restart, no direct access. */
export function gatewayControl(baseUrl: string, token: string, fetchFn: typeof fetch = fetch): ReleaseControl {
  const call = adminApi(baseUrl, token, fetchFn);
  return {
    // The release travels as one archive; the gateway checks and stores it as the database path does.
    publish: (remote, version, dir, { reason }) => uploadRelease(call, { remote, version, dir, reason }),
    active: () => call('GET', '/releases'),
    history: async (remote) => (await call<{ history: HistoryEntry[] }>('GET', `/releases/${remote}/history`)).history,
    activate: (remote, version, { reason, canary }) => call('POST', `/releases/${remote}/activate`, { version, reason, ...(canary !== undefined && { canary }) }),
    promote: (remote, { reason }) => call('POST', `/releases/${remote}/promote`, { reason }),
    rollback: (remote, { reason, to }) => call('POST', `/releases/${remote}/rollback`, { reason, ...(to !== undefined && { to }) }),
  };
}
