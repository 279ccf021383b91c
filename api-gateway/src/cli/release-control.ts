import type { RemoteName } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import { storedAsPublished } from '../releases/release-store-check.js';
import { activateRelease, activeReleases, releaseHistory, rollbackRelease, type ActiveRelease, type HistoryEntry } from '../releases/release-registry.js';

export interface ReleaseChangeRequest {
  reason: string;
  /** Who asks; the gateway ignores it and records its token's owner instead. */
  by: string;
}

/** What `npm run remotes` changes, either in the database itself or through the running gateway. */
export interface ReleaseControl {
  active(): Promise<Partial<Record<RemoteName, ActiveRelease>>>;
  history(remote: RemoteName): Promise<HistoryEntry[]>;
  activate(remote: RemoteName, version: string, change: ReleaseChangeRequest): Promise<{ previous: string | null }>;
  rollback(remote: RemoteName, change: ReleaseChangeRequest & { to?: string }): Promise<{ from: string | null; to: string | null }>;
}

/** Straight to the database: for PostgreSQL, or the embedded database while the site is stopped. */
export function databaseControl(db: Database, storeDir: string): ReleaseControl {
  const check = storedAsPublished(storeDir);
  return {
    active: () => activeReleases(db),
    history: (remote) => releaseHistory(db, remote),
    activate: (remote, version, change) => activateRelease(db, { remote, version, ...change }, check),
    rollback: (remote, change) => rollbackRelease(db, { remote, ...change }, check),
  };
}

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
}

/** Through the running gateway's admin API, with a token: any database, no restart, no direct access. */
export function gatewayControl(baseUrl: string, token: string, fetchFn: typeof fetch = fetch): ReleaseControl {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetchFn(new URL(`/api/admin${path}`, baseUrl), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) throw new GatewayRefusal(answer.message ?? `The gateway answered ${response.status}`);
    return answer;
  };
  return {
    active: async () => (await call<{ active: Partial<Record<RemoteName, ActiveRelease>> }>('GET', '/releases')).active,
    history: async (remote) => (await call<{ history: HistoryEntry[] }>('GET', `/releases/${remote}/history`)).history,
    activate: (remote, version, { reason }) => call('POST', `/releases/${remote}/activate`, { version, reason }),
    rollback: (remote, { reason, to }) => call('POST', `/releases/${remote}/rollback`, { reason, ...(to !== undefined && { to }) }),
  };
}
