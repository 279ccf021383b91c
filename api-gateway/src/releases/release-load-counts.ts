import type { RemoteName } from '@party/shared-contracts';
import type { Database, Logger } from '../platform/index.js';

/** How long counts are gathered before they are added to the shared ones. */
const FLUSH_MS = 1_000;
/** How long minutes are kept. */
const KEPT = "interval '2 days'";

export interface ReleaseLoads {
  remote: RemoteName;
  version: string;
  loads: number;
  failures: number;
}

export interface ReleaseLoadCounts {
  pageServed(remote: RemoteName, version: string): void;
  /** A page load of `version` reported that the remote failed to load (a report the metrics count). */
  failureReported(remote: RemoteName, version: string): void;
  /** Every release's page loads and failures over the last hour, across every instance. */
  lastHour(): Promise<ReleaseLoads[]>;
  /** Writes what was counted here since the last write (done within a second by itself). */
  flush(): Promise<void>;
}

/**
 * Page loads and load failures of each release, by minute, in the database: unlike the metrics
 * (each instance's own, read by Prometheus), the same from every instance, for the staff console.
 * Counted in memory and added once a second, in one statement.
 */
export function releaseLoadCounts(db: Database, logger: Logger): ReleaseLoadCounts {
  const pending = new Map<string, { remote: RemoteName; version: string; loads: number; failures: number }>();
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = [...pending.values()];
    pending.clear();
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO release_load_counts (remote, version, minute, loads, failures)
       SELECT remote, version, date_trunc('minute', now()), loads, failures
         FROM jsonb_to_recordset($1::jsonb) AS r(remote text, version text, loads bigint, failures bigint)
       ON CONFLICT (remote, version, minute) DO UPDATE
         SET loads = release_load_counts.loads + EXCLUDED.loads, failures = release_load_counts.failures + EXCLUDED.failures`,
      [JSON.stringify(rows)],
    );
    if (Date.now() - lastPrune > 600_000) {
      lastPrune = Date.now();
      await db.query(`DELETE FROM release_load_counts WHERE minute < now() - ${KEPT}`);
    }
  }

  const count = (remote: RemoteName, version: string, what: 'loads' | 'failures') => {
    const key = `${remote} ${version}`;
    const counts = pending.get(key) ?? { remote, version, loads: 0, failures: 0 };
    counts[what] += 1;
    pending.set(key, counts);
    timer ??= setTimeout(
      () => void flush().catch((error: unknown) => logger.warn({ err: error }, 'release page loads not counted')),
      FLUSH_MS,
    ).unref();
  };

  return {
    flush,
    pageServed: (remote, version) => count(remote, version, 'loads'),
    failureReported: (remote, version) => count(remote, version, 'failures'),
    async lastHour() {
      const { rows } = await db.query<{ remote: RemoteName; version: string; loads: string; failures: string }>(
        `SELECT remote, version, sum(loads)::text AS loads, sum(failures)::text AS failures FROM release_load_counts
          WHERE minute > now() - interval '1 hour' GROUP BY remote, version ORDER BY remote, version`,
      );
      return rows.map((row) => ({ ...row, loads: Number(row.loads), failures: Number(row.failures) }));
    },
  };
}
