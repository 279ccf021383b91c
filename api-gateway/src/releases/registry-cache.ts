import { createHash } from 'node:crypto';
import { remoteNames, remoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { activeReleases, publishedVersions, RELEASE_REGISTRY_CHANNEL } from './release-registry.js';

/** A notification lost in a way no connection noticed costs at most this much staleness. */
const REFRESH_MS = 30_000;
/** After a failed read, the last good snapshot is served this long before trying again. */
const RETRY_MS = 1_000;

export interface RegistrySnapshot {
  registry: RemoteRegistry;
  /** Names this registry: equal keys, equal releases of every remote. */
  key: string;
  /**
   * Versions a browser may report for each remote: published ones, `configured`, and `unknown` (the
   * shell could not read the registry).
   */
  knownVersions: Record<RemoteName, ReadonlySet<string>>;
}

export interface RegistryCache {
  current(): Promise<RegistrySnapshot>;
  /** False while the last read failed: the site runs on the last snapshot it could read. */
  readable(): boolean;
  close(): Promise<void>;
}

export interface RegistrySource {
  db: Database;
  /** What each remote runs until a release of it is activated (version `configured`). */
  configured: Record<RemoteName, string>;
  logger: Logger;
}

async function readSnapshot({ db, configured }: RegistrySource): Promise<RegistrySnapshot> {
  const [active, published] = await Promise.all([activeReleases(db), publishedVersions(db)]);
  const knownVersions = Object.fromEntries(remoteNames.map((name) => [name, new Set(['configured', 'unknown'])])) as Record<RemoteName, Set<string>>;
  for (const { remote, version } of published) knownVersions[remote]?.add(version);
  const registry = remoteRegistrySchema.parse({
    remotes: Object.fromEntries(remoteNames.map((name) => [name, active[name] ?? { entry: configured[name], version: 'configured' }])),
  });
  const key = createHash('sha256').update(JSON.stringify(registry)).digest('base64url').slice(0, 12);
  return { registry, key, knownVersions };
}

/**
 * The registry held in memory: read once, read again when a release changes (PostgreSQL
 * LISTEN/NOTIFY, so every instance switches at once), after a lost notification connection, and
 * every 30 s. When the database cannot answer, the last snapshot stays: a database outage never
 * switches the site to other remotes.
 */
export async function registryCache(source: RegistrySource): Promise<RegistryCache> {
  let snapshot = await readSnapshot(source);
  let staleAt = performance.now() + REFRESH_MS;
  let reading: Promise<RegistrySnapshot> | null = null;
  let failing = false;
  // Counts notifications: one that arrives during a read may not be in what that read saw.
  let changes = 0;

  const reread = (): Promise<RegistrySnapshot> => {
    if (reading) return reading;
    const seen = changes;
    reading = readSnapshot(source)
      .then((fresh) => {
        if (failing) source.logger.info('release registry readable again');
        failing = false;
        // The same releases keep the same snapshot, and with it every page rendered from it.
        if (fresh.key !== snapshot.key) snapshot = fresh;
        else snapshot.knownVersions = fresh.knownVersions;
        staleAt = seen === changes ? performance.now() + REFRESH_MS : 0;
        return fresh;
      })
      .catch((error: unknown) => {
        if (!failing) source.logger.warn({ err: error }, 'release registry unreadable; serving the last snapshot');
        failing = true;
        staleAt = performance.now() + RETRY_MS;
        return snapshot;
      })
      .finally(() => {
        reading = null;
        if (staleAt === 0) void reread();
      });
    return reading;
  };

  const stopListening = await source.db.listen(RELEASE_REGISTRY_CHANNEL, () => {
    changes += 1;
    staleAt = 0;
    void reread();
  });

  return {
    current: async () => (performance.now() < staleAt ? snapshot : reread()),
    readable: () => !failing,
    close: stopListening,
  };
}
