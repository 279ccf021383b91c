import { remoteNames, type RemoteName } from '@party/shared-contracts';
import type { Database, Queryable } from '../db/database.js';

/** A refused registry change, with the HTTP-style status that fits it and a sentence for people. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';

  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

export interface ActiveRelease {
  version: string;
  entry: string;
}

export interface ReleaseChange {
  remote: string;
  by: string;
  reason: string;
}

export interface HistoryEntry {
  at: string;
  event: 'published' | 'activate' | 'rollback';
  version: string;
  previousVersion: string | null;
  by: string;
  reason: string;
}

function knownRemote(remote: string): RemoteName {
  if (!(remoteNames as readonly string[]).includes(remote)) {
    throw new ReleaseError(`Unknown remote "${remote}". The remotes are ${remoteNames.join(', ')}.`, 404);
  }
  return remote as RemoteName;
}

/** Every change to releases is announced on this channel (NOTIFY), to every gateway at once. */
export const RELEASE_REGISTRY_CHANNEL = 'remote_registry';

async function announceChange(tx: Queryable, remote: RemoteName) {
  await tx.query('SELECT pg_notify($1, $2)', [RELEASE_REGISTRY_CHANNEL, remote]);
}

/** Serialises changes to one remote, across gateway instances and CLI runs on one PostgreSQL. */
async function lockRemote(tx: Queryable, remote: RemoteName) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('remote-release:' || $1))", [remote]);
}

async function activeVersion(tx: Queryable, remote: RemoteName) {
  const { rows } = await tx.query<{ version: string; previous_version: string | null }>(
    `SELECT a.version, act.previous_version
       FROM active_remotes a JOIN remote_activations act ON act.id = a.activation_id
      WHERE a.remote = $1`,
    [remote],
  );
  return rows[0];
}

async function switchTo(tx: Queryable, remote: RemoteName, version: string, previous: string | null, kind: 'activate' | 'rollback', change: ReleaseChange) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO remote_activations (remote, version, previous_version, kind, activated_by, reason)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [remote, version, previous, kind, change.by, change.reason],
  );
  await tx.query(
    `INSERT INTO active_remotes (remote, version, activation_id) VALUES ($1, $2, $3)
     ON CONFLICT (remote) DO UPDATE SET version = EXCLUDED.version, activation_id = EXCLUDED.activation_id`,
    [remote, version, rows[0]!.id],
  );
  await announceChange(tx, remote);
}

/** The active release of every remote that has one. */
export async function activeReleases(db: Queryable): Promise<Partial<Record<RemoteName, ActiveRelease>>> {
  const { rows } = await db.query<{ remote: RemoteName; version: string; entry: string }>(
    `SELECT a.remote, a.version, r.entry
       FROM active_remotes a JOIN remote_releases r USING (remote, version)`,
  );
  return Object.fromEntries(rows.map((row) => [row.remote, { version: row.version, entry: row.entry }]));
}

/** Every published version of every remote. */
export async function publishedVersions(db: Queryable): Promise<Array<{ remote: RemoteName; version: string }>> {
  const { rows } = await db.query<{ remote: RemoteName; version: string }>('SELECT remote, version FROM remote_releases');
  return rows;
}

/** Records a published release. A version is published once: releases never change. */
export async function recordRelease(db: Database, change: ReleaseChange & { version: string; entry: string }): Promise<void> {
  const remote = knownRemote(change.remote);
  await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const { rows } = await tx.query(
      `INSERT INTO remote_releases (remote, version, entry, published_by, reason) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (remote, version) DO NOTHING RETURNING version`,
      [remote, change.version, change.entry, change.by, change.reason],
    );
    if (rows.length === 0) throw new ReleaseError(`${remote} ${change.version} is already published; releases never change.`, 409);
    await announceChange(tx, remote);
  });
}

/** Makes a published version the one new page loads use. */
export async function activateRelease(db: Database, change: ReleaseChange & { version: string }): Promise<{ previous: string | null }> {
  const remote = knownRemote(change.remote);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const { rows } = await tx.query('SELECT 1 FROM remote_releases WHERE remote = $1 AND version = $2', [remote, change.version]);
    if (rows.length === 0) throw new ReleaseError(`${remote} has no published version "${change.version}".`, 404);
    const previous = (await activeVersion(tx, remote))?.version ?? null;
    if (previous === change.version) throw new ReleaseError(`${remote} ${change.version} is already active.`, 409);
    await switchTo(tx, remote, change.version, previous, 'activate', change);
    return { previous };
  });
}

/** Goes back to the version that was active before the current one. */
export async function rollbackRelease(db: Database, change: ReleaseChange): Promise<{ from: string; to: string }> {
  const remote = knownRemote(change.remote);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const active = await activeVersion(tx, remote);
    if (!active) throw new ReleaseError(`${remote} has no active release to roll back.`, 409);
    if (!active.previous_version) throw new ReleaseError(`${remote} ${active.version} is its first active release: there is no previous version to roll back to.`, 409);
    await switchTo(tx, remote, active.previous_version, active.version, 'rollback', change);
    return { from: active.version, to: active.previous_version };
  });
}

/** Every publication, activation and rollback of a remote, oldest first. */
export async function releaseHistory(db: Queryable, remoteName: string): Promise<HistoryEntry[]> {
  const remote = knownRemote(remoteName);
  const { rows } = await db.query<{ at: Date | string; event: HistoryEntry['event']; version: string; previous_version: string | null; by: string; reason: string; id: string }>(
    `SELECT published_at AS at, 'published' AS event, version, NULL AS previous_version, published_by AS by, reason, 0 AS id
       FROM remote_releases WHERE remote = $1
     UNION ALL
     SELECT activated_at, kind, version, previous_version, activated_by, reason, id
       FROM remote_activations WHERE remote = $1
     ORDER BY at, id`,
    [remote],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    event: row.event,
    version: row.version,
    previousVersion: row.previous_version,
    by: row.by,
    reason: row.reason,
  }));
}
