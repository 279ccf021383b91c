import {
  type HistoryEntry,
  isBuiltInRemoteName,
  isFrontEndName,
  type FrontEndName,
  type RemoteRoute,
} from '@party/shared-contracts';
import type { Database, Queryable } from '../platform/index.js';
import type { ReleaseFiles } from './release-integrity.js';

/** A refused registry change, with the HTTP-style status that fits it and a sentence for people. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';

  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

export interface ActiveRelease {
  version: string;
  entry: string;
  /** The digest of its files, for releases published with them. */
  digest?: string;
  /** The pages it serves, as its build declared them (none recorded: an empty list). */
  routes: RemoteRoute[];
}

/** A jsonb column as the driver gives it: parsed, or as text. */
const fromJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
const routesOf = (routes: RemoteRoute[] | string | null): RemoteRoute[] => fromJson(routes) ?? [];

/** Checks, before a switch, that a release can be served as published; throws if not. `tx`: the switch's transaction. */
export type ReleaseCheck = (
  frontEnd: FrontEndName,
  version: string,
  files: ReleaseFiles | null,
  tx: Queryable,
) => Promise<void>;

export interface ReleaseChange {
  remote: string;
  by: string;
  reason: string;
}

/** A canary's start, its promotion to active release, and its end without promotion. */
type CanaryEvent = Extract<HistoryEntry['event'], 'canary' | 'promote' | 'canary-end'>;

export interface Canary extends ActiveRelease {
  /** The share of visitors (by their cohort, 0–99) who get it. */
  percent: number;
  /** Given to the pages that load it, for their failure reports (see registry-cache). */
  reportToken?: string;
  /** When it started (ISO 8601): a canary started again is watched afresh. */
  startedAt: string;
}

/** The front end named, if the registry holds it: the shell, or a remote of its `remotes` table. */
export async function knownRemote(db: Queryable, remote: string): Promise<FrontEndName> {
  const unknown = () => new ReleaseError(`There is no remote "${remote}" on this site.`, 404);
  if (!isFrontEndName(remote)) throw unknown();
  if (remote === 'shell') return remote;
  const { rows } = await db.query('SELECT 1 FROM remotes WHERE name = $1', [remote]);
  if (rows.length === 0) throw unknown();
  return remote;
}

/** Takes a known front end's lock for this transaction: a remote is not removed while its releases change. */
async function lockKnownRemote(tx: Queryable, remote: string): Promise<FrontEndName> {
  if (isFrontEndName(remote)) await lockRemote(tx, remote);
  return knownRemote(tx, remote);
}

/** Every change to releases is announced on this channel (NOTIFY), to every gateway at once. */
export const RELEASE_REGISTRY_CHANNEL = 'remote_registry';

async function announceChange(tx: Queryable, frontEnd: FrontEndName) {
  await tx.query('SELECT pg_notify($1, $2)', [RELEASE_REGISTRY_CHANNEL, frontEnd]);
}

/** Serialises every change of one remote's releases, and the canary counts written beside them. */
export async function lockRemote(tx: Queryable, frontEnd: FrontEndName) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('remote-release:' || $1))", [frontEnd]);
}

/** The build a remote runs when no release of it is active: the gateway's configured entry. */
export const CONFIGURED_BUILD = 'configured';

interface Activation {
  id: string;
  /** Null: the configured build. */
  version: string | null;
  return_to: string | null;
}

/** The switch in force: the latest one of the remote. */
async function latestActivation(tx: Queryable, frontEnd: FrontEndName): Promise<Activation | undefined> {
  const { rows } = await tx.query<Activation>(
    'SELECT id, version, return_to FROM remote_activations WHERE remote = $1 ORDER BY id DESC LIMIT 1',
    [frontEnd],
  );
  return rows[0];
}

/** Where a rollback went from `version` the last time it was brought in before switch `beforeId`. */
async function returnOf(
  tx: Queryable,
  frontEnd: FrontEndName,
  version: string,
  beforeId: string,
): Promise<string | null> {
  const { rows } = await tx.query<Activation>(
    'SELECT id, version, return_to FROM remote_activations WHERE remote = $1 AND version = $2 AND id < $3 ORDER BY id DESC LIMIT 1',
    [frontEnd, version, beforeId],
  );
  return rows[0]?.return_to ?? null;
}

async function switchTo(
  tx: Queryable,
  frontEnd: FrontEndName,
  target: { version: string | null; previous: string | null; returnTo: string | null },
  kind: 'activate' | 'rollback',
  change: ReleaseChange,
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO remote_activations (remote, version, previous_version, return_to, kind, activated_by, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [frontEnd, target.version, target.previous, target.returnTo, kind, change.by, change.reason],
  );
  if (target.version === null) await tx.query('DELETE FROM active_remotes WHERE remote = $1', [frontEnd]);
  else {
    await tx.query(
      `INSERT INTO active_remotes (remote, version, activation_id) VALUES ($1, $2, $3)
       ON CONFLICT (remote) DO UPDATE SET version = EXCLUDED.version, activation_id = EXCLUDED.activation_id`,
      [frontEnd, target.version, rows[0]!.id],
    );
  }
  await announceChange(tx, frontEnd);
}

/** A published release's recorded files (null if published before they were recorded), or undefined if none. */
async function publishedFiles(
  tx: Queryable,
  frontEnd: FrontEndName,
  version: string,
): Promise<ReleaseFiles | null | undefined> {
  const { rows } = await tx.query<{ files: ReleaseFiles | string | null }>(
    'SELECT files FROM remote_releases WHERE remote = $1 AND version = $2',
    [frontEnd, version],
  );
  if (rows.length === 0) return undefined;
  return fromJson(rows[0]!.files);
}

/** The files a release published, or null (unknown release, or published before they were recorded). */
export async function releaseFiles(db: Queryable, remoteName: string, version: string): Promise<ReleaseFiles | null> {
  if (!isFrontEndName(remoteName)) return null;
  return (await publishedFiles(db, remoteName, version)) ?? null;
}

/** Every published release with the files it recorded (releases published before files were recorded have none). */
export async function recordedReleaseFiles(
  db: Queryable,
): Promise<Array<{ remote: string; version: string; files: ReleaseFiles | null }>> {
  const { rows } = await db.query<{ remote: string; version: string; files: ReleaseFiles | string | null }>(
    'SELECT remote, version, files FROM remote_releases ORDER BY remote, version',
  );
  return rows.map(({ remote, version, files }) => ({ remote, version, files: fromJson(files) }));
}

/** The target must exist and pass `check` (complete and unchanged in the store) before anything switches. */
async function checkedTarget(tx: Queryable, frontEnd: FrontEndName, version: string, check: ReleaseCheck | undefined) {
  const files = await publishedFiles(tx, frontEnd, version);
  if (files === undefined) throw new ReleaseError(`${frontEnd} has no published version "${version}".`, 404);
  await check?.(frontEnd, version, files, tx);
}

/** The active release of every remote that has one. */
export async function activeReleases(db: Queryable): Promise<Partial<Record<FrontEndName, ActiveRelease>>> {
  const { rows } = await db.query<{
    remote: FrontEndName;
    version: string;
    entry: string;
    digest: string | null;
    routes: RemoteRoute[] | string | null;
  }>(
    `SELECT a.remote, a.version, r.entry, r.digest, r.routes
       FROM active_remotes a JOIN remote_releases r USING (remote, version)`,
  );
  return Object.fromEntries(
    rows.map(({ remote: frontEnd, version, entry, digest, routes }) => [
      frontEnd,
      { version, entry, ...(digest && { digest }), routes: routesOf(routes) },
    ]),
  );
}

/** A published release of a remote as the registry would serve it, active or not; null when there is none. */
export async function publishedRelease(
  db: Queryable,
  frontEnd: FrontEndName,
  version: string,
): Promise<ActiveRelease | null> {
  const { rows } = await db.query<{ entry: string; digest: string | null; routes: RemoteRoute[] | string | null }>(
    'SELECT entry, digest, routes FROM remote_releases WHERE remote = $1 AND version = $2',
    [frontEnd, version],
  );
  const row = rows[0];
  return row
    ? { version, entry: row.entry, ...(row.digest && { digest: row.digest }), routes: routesOf(row.routes) }
    : null;
}

/** Every published version of every remote. */
export async function publishedVersions(db: Queryable): Promise<Array<{ remote: FrontEndName; version: string }>> {
  const { rows } = await db.query<{ remote: FrontEndName; version: string }>(
    'SELECT remote, version FROM remote_releases',
  );
  return rows;
}

/** Records a published release. A version is published once: releases never change. */
export async function recordRelease(
  db: Database,
  change: ReleaseChange & {
    version: string;
    entry: string;
    files?: ReleaseFiles;
    digest?: string;
    routes?: RemoteRoute[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    const { rows } = await tx.query(
      `INSERT INTO remote_releases (remote, version, entry, published_by, reason, files, digest, routes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (remote, version) DO NOTHING RETURNING version`,
      [
        frontEnd,
        change.version,
        change.entry,
        change.by,
        change.reason,
        change.files ? JSON.stringify(change.files) : null,
        change.digest ?? null,
        change.routes ? JSON.stringify(change.routes) : null,
      ],
    );
    if (rows.length === 0)
      throw new ReleaseError(`${frontEnd} ${change.version} is already published; releases never change.`, 409);
    await announceChange(tx, frontEnd);
  });
}

/** The running canary of a remote, if any. */
async function canaryOf(
  tx: Queryable,
  frontEnd: FrontEndName,
): Promise<{ version: string; percent: number } | undefined> {
  const { rows } = await tx.query<{ version: string; percent: number }>(
    'SELECT version, percent FROM remote_canaries WHERE remote = $1',
    [frontEnd],
  );
  return rows[0];
}

async function recordCanaryEvent(
  tx: Queryable,
  frontEnd: FrontEndName,
  version: string,
  kind: CanaryEvent,
  change: ReleaseChange,
  percent: number | null = null,
) {
  await tx.query(
    'INSERT INTO remote_canary_events (remote, version, kind, percent, by, reason) VALUES ($1, $2, $3, $4, $5, $6)',
    [frontEnd, version, kind, percent, change.by, change.reason],
  );
}

/** A canary's counts (canary-watch, which writes them only while it runs) go when it ends and when the next starts. */
async function forgetCanaryCounts(tx: Queryable, frontEnd: FrontEndName) {
  await tx.query('DELETE FROM canary_counts WHERE remote = $1', [frontEnd]);
  await tx.query('DELETE FROM canary_reports WHERE remote = $1', [frontEnd]);
  await tx.query('DELETE FROM canary_loads WHERE remote = $1', [frontEnd]);
}

/** Ends the remote's canary, if one runs, without promoting it; its version, or null. */
async function endCanaryIn(tx: Queryable, frontEnd: FrontEndName, change: ReleaseChange): Promise<string | null> {
  const canary = await canaryOf(tx, frontEnd);
  if (!canary) return null;
  await tx.query('DELETE FROM remote_canaries WHERE remote = $1', [frontEnd]);
  await forgetCanaryCounts(tx, frontEnd);
  await recordCanaryEvent(tx, frontEnd, canary.version, 'canary-end', change);
  await announceChange(tx, frontEnd);
  return canary.version;
}

/** Every running canary. */
export async function activeCanaries(db: Queryable): Promise<Partial<Record<FrontEndName, Canary>>> {
  const { rows } = await db.query<{
    remote: FrontEndName;
    version: string;
    percent: number;
    started_at: Date | string;
    entry: string;
    digest: string | null;
    routes: RemoteRoute[] | string | null;
  }>(
    `SELECT c.remote, c.version, c.percent, c.started_at, r.entry, r.digest, r.routes
       FROM remote_canaries c JOIN remote_releases r USING (remote, version)`,
  );
  return Object.fromEntries(
    rows.map(({ remote: frontEnd, version, percent, started_at, entry, digest, routes }) => [
      frontEnd,
      {
        version,
        percent,
        startedAt: new Date(started_at).toISOString(),
        entry,
        ...(digest && { digest }),
        routes: routesOf(routes),
      },
    ]),
  );
}

/**
 * Serves a published version to `percent` % of visitors (a sticky share), beside the active
 * release, until it is promoted or ended. One canary per remote at a time.
 */
export async function startCanary(
  db: Database,
  change: ReleaseChange & { version: string; percent: number },
  check?: ReleaseCheck,
): Promise<{ active: string | null }> {
  // Visitors are split by the pages of a remote; the shell around every page has one release at a time.
  if (change.remote === 'shell')
    throw new ReleaseError('The shell is activated for every visitor at once: it has no canary.', 409);
  return db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    await checkedTarget(tx, frontEnd, change.version, check);
    const running = await canaryOf(tx, frontEnd);
    if (running)
      throw new ReleaseError(
        `${frontEnd} ${running.version} is already a canary for ${running.percent}% of visitors: promote it or roll it back first.`,
        409,
      );
    const active = (await latestActivation(tx, frontEnd))?.version ?? null;
    if (active === change.version) throw new ReleaseError(`${frontEnd} ${change.version} is already active.`, 409);
    await forgetCanaryCounts(tx, frontEnd);
    await tx.query('INSERT INTO remote_canaries (remote, version, percent) VALUES ($1, $2, $3)', [
      frontEnd,
      change.version,
      change.percent,
    ]);
    await recordCanaryEvent(tx, frontEnd, change.version, 'canary', change, change.percent);
    await announceChange(tx, frontEnd);
    return { active };
  });
}

/** Makes the running canary the active release, for every visitor. */
export async function promoteCanary(
  db: Database,
  change: ReleaseChange,
  check?: ReleaseCheck,
): Promise<{ version: string; previous: string | null }> {
  return db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    const canary = await canaryOf(tx, frontEnd);
    if (!canary) throw new ReleaseError(`${frontEnd} has no canary to promote.`, 409);
    await checkedTarget(tx, frontEnd, canary.version, check);
    const previous = (await latestActivation(tx, frontEnd))?.version ?? null;
    await tx.query('DELETE FROM remote_canaries WHERE remote = $1', [frontEnd]);
    await forgetCanaryCounts(tx, frontEnd);
    await recordCanaryEvent(tx, frontEnd, canary.version, 'promote', change);
    await switchTo(tx, frontEnd, { version: canary.version, previous, returnTo: previous }, 'activate', change);
    return { version: canary.version, previous };
  });
}

/** Ends the running canary of a remote (a person's rollback, or a gateway's verdict); its version. */
export async function endCanary(db: Database, change: ReleaseChange): Promise<string> {
  return db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    const ended = await endCanaryIn(tx, frontEnd, change);
    if (!ended) throw new ReleaseError(`${frontEnd} has no canary running.`, 409);
    return ended;
  });
}

/** Makes a published version the one new page loads use. */
export async function activateRelease(
  db: Database,
  change: ReleaseChange & { version: string },
  check?: ReleaseCheck,
): Promise<{ previous: string | null }> {
  return db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    const canary = await canaryOf(tx, frontEnd);
    if (canary)
      throw new ReleaseError(
        `${frontEnd} ${canary.version} is a canary for ${canary.percent}% of visitors: promote it or roll it back first.`,
        409,
      );
    await checkedTarget(tx, frontEnd, change.version, check);
    const previous = (await latestActivation(tx, frontEnd))?.version ?? null;
    if (previous === change.version) throw new ReleaseError(`${frontEnd} ${change.version} is already active.`, 409);
    await switchTo(tx, frontEnd, { version: change.version, previous, returnTo: previous }, 'activate', change);
    return { previous };
  });
}

/**
 * Goes back one step in the remote's history: a running canary ends (every visitor gets the active
 * release); otherwise to what was active before the current release came in, and again from there,
 * down to the configured build (`null`). With `to`, goes straight to that published version or to
 * `configured`, ending a canary too.
 */
export async function rollbackRelease(
  db: Database,
  change: ReleaseChange & { to?: string },
  check?: ReleaseCheck,
): Promise<{ from: string | null; to: string | null; canaryEnded?: string }> {
  return db.transaction(async (tx) => {
    const frontEnd = await lockKnownRemote(tx, change.remote);
    const current = await latestActivation(tx, frontEnd);
    const from = current?.version ?? null;
    const canaryEnded = await endCanaryIn(tx, frontEnd, change);
    if (canaryEnded && change.to === undefined) return { from: canaryEnded, to: from, canaryEnded };
    let target: { version: string | null; previous: string | null; returnTo: string | null };
    if (change.to !== undefined) {
      const version = change.to === CONFIGURED_BUILD ? null : change.to;
      if (version === from)
        throw new ReleaseError(`${frontEnd} already runs ${version ?? 'its configured build'}.`, 409);
      target = { version, previous: from, returnTo: from };
    } else {
      if (!current || from === null)
        throw new ReleaseError(
          frontEnd === 'shell' || isBuiltInRemoteName(frontEnd)
            ? `${frontEnd} runs its configured build: there is nothing earlier to roll back to.`
            : `${frontEnd} has no active release: there is nothing to roll back.`,
          409,
        );
      // Restores the release `current` replaced, with where a rollback from it went then.
      const version = current.return_to;
      target = {
        version,
        previous: from,
        returnTo: version === null ? null : await returnOf(tx, frontEnd, version, current.id),
      };
    }
    if (target.version !== null) await checkedTarget(tx, frontEnd, target.version, check);
    await switchTo(tx, frontEnd, target, 'rollback', change);
    return { from, to: target.version, ...(canaryEnded && { canaryEnded }) };
  });
}

/** Every publication, activation, rollback and canary event of a remote, oldest first. */
export async function releaseHistory(db: Queryable, remoteName: string): Promise<HistoryEntry[]> {
  const frontEnd = await knownRemote(db, remoteName);
  const { rows } = await db.query<{
    at: Date | string;
    event: HistoryEntry['event'];
    version: string;
    previous_version: string | null;
    by: string;
    reason: string;
    percent: number | null;
    id: string;
  }>(
    `SELECT published_at AS at, 'published' AS event, version, NULL AS previous_version, published_by AS by, reason, NULL::integer AS percent, 0 AS id
       FROM remote_releases WHERE remote = $1
     UNION ALL
     SELECT activated_at, kind, COALESCE(version, '${CONFIGURED_BUILD}'), COALESCE(previous_version, '${CONFIGURED_BUILD}'), activated_by, reason, NULL, id
       FROM remote_activations WHERE remote = $1
     UNION ALL
     SELECT at, kind, version, NULL, by, reason, percent, id
       FROM remote_canary_events WHERE remote = $1
     ORDER BY at, id`,
    [frontEnd],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    event: row.event,
    version: row.version,
    previousVersion: row.previous_version,
    by: row.by,
    reason: row.reason,
    ...(row.percent !== null && { percent: row.percent }),
  }));
}
