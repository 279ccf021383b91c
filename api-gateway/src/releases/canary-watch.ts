import { createHash } from 'node:crypto';
import type { RemoteName } from '@party/shared-contracts';
import { clientNetwork, type Database, type Logger } from '../platform/index.js';
import { forCohort, type RegistrySnapshot } from './registry-cache.js';
import { endCanary, lockRemote, ReleaseError, type Canary } from './release-registry.js';

export interface LoadCounts {
  loads: number;
  failures: number;
}

/** Failures (from as many clients) a canary must have before it is judged: fewer prove nothing. */
export const CANARY_MIN_FAILURES = 5;
/** Page loads (from as many clients) a canary must have served before it is judged. */
export const CANARY_MIN_LOADS = 20;

const rate = ({ loads, failures }: LoadCounts) => failures / Math.max(loads, 1);

/**
 * The failures that end a canary with `loads` page loads: at least CANARY_MIN_FAILURES, and a
 * failure rate of twice the active release's plus five points. They grow with the loads, so a few
 * clients' reports, forged or not, weigh less the more visitors the canary has served.
 */
export function failuresNeeded(loads: number, active: LoadCounts): number {
  return Math.max(CANARY_MIN_FAILURES, Math.ceil(loads * (2 * rate(active) + 0.05) - 1e-9));
}

/**
 * A canary fails clearly more often than the active release when it has served at least
 * CANARY_MIN_LOADS clients and has the failures needed for its loads. Loads and failures are
 * counted once per client (clientNetwork: an IPv6 /64 is one), so one visitor's reloads count once.
 */
export function canaryFailsClearly(canary: LoadCounts, active: LoadCounts): boolean {
  return canary.loads >= CANARY_MIN_LOADS && canary.failures >= failuresNeeded(canary.loads, active);
}

/** Who reported a failure: the served page load's nonce, and the client (counted once per canary). */
export interface FailureReporter {
  nonce: string;
  client: string;
}

export interface CanaryWatch {
  /**
   * A page of `remote` was served to a visitor of `cohort` at `client` (its address) from
   * `snapshot` (a registry with canaries): counted once per client and release.
   */
  pageServed(snapshot: RegistrySnapshot, remote: RemoteName, cohort: number, client: string): void;
  /**
   * A page load of the site, served `version` of `remote`, reported that it failed: counted if its
   * nonce is unused and its client has not reported on this canary before.
   */
  failureReported(
    snapshot: RegistrySnapshot,
    remote: RemoteName,
    version: string,
    reporter: FailureReporter,
  ): Promise<void>;
  /** Writes the page loads counted here since the last write (done within a second by itself). */
  flush(): Promise<void>;
}

/** Recorded as who ended a canary that failed clearly. */
export const AUTOMATIC_CANARY_CHECK = 'gateway (automatic canary check)';

/** How long page loads are gathered before they are added to the shared counts. */
const LOADS_FLUSH_MS = 1_000;

const canaryId = (canary: Canary) => `${canary.version} ${canary.startedAt}`;
/** A client, as a canary's counts keep it: a hash of its network and the canary, never the address. */
const clientOf = (canary: string, address: string) =>
  createHash('sha256')
    .update(`${canary} ${clientNetwork(address)}`)
    .digest('base64url');
/**
 * A count row `r` is written only while its canary runs: a page load or report that another
 * instance counted after the canary ended (its snapshot not yet renewed) is not kept.
 */
const RUNNING = `EXISTS (SELECT 1 FROM remote_canaries c WHERE c.remote = r.remote AND r.canary LIKE c.version || ' %')`;

/**
 * Compares each running canary's failure reports per page load with the active release's, on
 * counts every gateway instance adds to in the database (page loads gathered for a second, each
 * report at once), and ends the canary (every visitor gets the active release again) once it fails
 * clearly more often, recording why. Counts start again with each canary.
 */
export function canaryWatch(db: Database, logger: Logger): CanaryWatch {
  /** Page loads not yet written, one per remote, canary, version and client. */
  const pendingLoads = new Map<string, { remote: RemoteName; canary: string; version: string; client: string }>();
  let flushTimer: NodeJS.Timeout | null = null;
  const ending = new Set<string>();

  async function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const rows = [...pendingLoads.values()];
    pendingLoads.clear();
    if (rows.length === 0) return;
    await db.transaction(async (tx) => {
      for (const remote of [...new Set(rows.map((row) => row.remote))].sort()) await lockRemote(tx, remote);
      // A client another instance (or this one, earlier) counted is not counted again.
      await tx.query(
        `WITH fresh AS (
           INSERT INTO canary_loads (remote, canary, version, client)
           SELECT remote, canary, version, client FROM jsonb_to_recordset($1::jsonb) AS r(remote text, canary text, version text, client text)
            WHERE ${RUNNING}
           ON CONFLICT DO NOTHING RETURNING remote, canary, version)
         INSERT INTO canary_counts (remote, canary, version, loads)
         SELECT remote, canary, version, count(*) FROM fresh GROUP BY remote, canary, version
         ON CONFLICT (remote, canary, version) DO UPDATE SET loads = canary_counts.loads + EXCLUDED.loads`,
        [JSON.stringify(rows)],
      );
    });
  }

  async function countsOf(remote: RemoteName, canary: string, versions: readonly string[]): Promise<LoadCounts[]> {
    const { rows } = await db.query<{ version: string; loads: string; failures: string }>(
      'SELECT version, loads::text, failures::text FROM canary_counts WHERE remote = $1 AND canary = $2 AND version = ANY($3)',
      [remote, canary, versions],
    );
    return versions.map((version) => {
      const row = rows.find((each) => each.version === version);
      return { loads: Number(row?.loads ?? 0), failures: Number(row?.failures ?? 0) };
    });
  }

  return {
    flush,
    pageServed(snapshot, remote, cohort, address) {
      const canary = snapshot.canaries[remote];
      if (!canary) return;
      // The release this visitor was served, as forCohort chose it.
      const version = forCohort(snapshot, cohort).registry.remotes[remote]?.version;
      if (!version) return;
      const id = canaryId(canary);
      const client = clientOf(id, address);
      pendingLoads.set(`${remote} ${id} ${version} ${client}`, { remote, canary: id, version, client });
      flushTimer ??= setTimeout(
        () => void flush().catch((error: unknown) => logger.warn({ err: error }, 'canary page loads not counted')),
        LOADS_FLUSH_MS,
      ).unref();
    },
    async failureReported(snapshot, remote, version, { nonce, client }) {
      const canary = snapshot.canaries[remote];
      if (!canary) return;
      const id = canaryId(canary);
      await flush();
      const counted = await db.transaction(async (tx) => {
        await lockRemote(tx, remote);
        const { rows: first } = await tx.query(
          `INSERT INTO canary_reports (nonce, remote, canary, client)
           SELECT $1, remote, canary, $4 FROM (VALUES ($2::text, $3::text)) AS r(remote, canary) WHERE ${RUNNING}
           ON CONFLICT DO NOTHING RETURNING 1`,
          [nonce, remote, id, clientOf(id, client)],
        );
        if (first.length === 0) return false;
        await tx.query(
          `INSERT INTO canary_counts (remote, canary, version, failures)
           SELECT remote, canary, version, 1 FROM (VALUES ($1::text, $2::text, $3::text)) AS r(remote, canary, version) WHERE ${RUNNING}
           ON CONFLICT (remote, canary, version) DO UPDATE SET failures = canary_counts.failures + 1`,
          [remote, id, version],
        );
        return true;
      });
      if (!counted) return;
      // A remote added since has no active release beside its canary: its verdict compares with nothing.
      const active = snapshot.registry.remotes[remote]?.version;
      if (!active) return;
      const [canaryCounts, activeCounts] = await countsOf(remote, id, [canary.version, active]);
      if (ending.has(id) || !canaryFailsClearly(canaryCounts!, activeCounts!)) return;
      ending.add(id);
      const reason = `automatic: its pages failed ${canaryCounts!.failures} times in ${canaryCounts!.loads} page loads, the active release's (${active}) ${activeCounts!.failures} times in ${activeCounts!.loads}`;
      try {
        await endCanary(db, { remote, by: AUTOMATIC_CANARY_CHECK, reason });
        logger.warn(
          { remote, version: canary.version, canary: canaryCounts, active: activeCounts },
          'canary rolled back automatically',
        );
      } catch (error) {
        // Another gateway, or a person, ended it first.
        if (error instanceof ReleaseError) return;
        ending.delete(id);
        logger.error(
          { err: error, remote, version: canary.version },
          'ending a failing canary failed; trying again on the next report',
        );
      }
    },
  };
}
