import type { RemoteName } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { forCohort, type RegistrySnapshot } from './registry-cache.js';
import { endCanary, ReleaseError, type Canary } from './release-registry.js';

export interface LoadCounts {
  loads: number;
  failures: number;
}

/** Failures a canary must have before it is judged: fewer prove nothing. */
export const CANARY_MIN_FAILURES = 5;

/**
 * A canary fails clearly more often than the active release when it has at least
 * CANARY_MIN_FAILURES failures and a failure rate (per page load) of at least twice the active
 * release's plus five points.
 */
export function canaryFailsClearly(canary: LoadCounts, active: LoadCounts): boolean {
  const rate = ({ loads, failures }: LoadCounts) => failures / Math.max(loads, 1);
  return canary.failures >= CANARY_MIN_FAILURES && rate(canary) >= 2 * rate(active) + 0.05;
}

export interface CanaryWatch {
  /** A page of `remote` was served to a visitor of `cohort` from `snapshot` (a registry with canaries). */
  pageServed(snapshot: RegistrySnapshot, remote: RemoteName, cohort: number): void;
  /** A page of the site reported that `version` of `remote` failed. */
  failureReported(snapshot: RegistrySnapshot, remote: RemoteName, version: string): Promise<void>;
}

/** Recorded as who ended a canary that failed clearly. */
export const AUTOMATIC_CANARY_CHECK = 'gateway (automatic canary check)';

/**
 * Compares each running canary's failure reports per page load with the active release's, as this
 * gateway served and heard them, and ends the canary (every visitor gets the active release again)
 * once it fails clearly more often, recording why. Counts start again with each canary.
 */
export function canaryWatch(db: Database, logger: Logger): CanaryWatch {
  const watched = new Map<RemoteName, { canary: string; counts: Map<string, LoadCounts>; ending: boolean }>();

  const watchOf = (remote: RemoteName, canary: Canary) => {
    const id = `${canary.version} ${canary.startedAt}`;
    let watch = watched.get(remote);
    if (watch?.canary !== id) {
      watch = { canary: id, counts: new Map(), ending: false };
      watched.set(remote, watch);
    }
    return watch;
  };
  const countsOf = (watch: { counts: Map<string, LoadCounts> }, version: string) => {
    const counts = watch.counts.get(version) ?? { loads: 0, failures: 0 };
    watch.counts.set(version, counts);
    return counts;
  };

  return {
    pageServed(snapshot, remote, cohort) {
      const canary = snapshot.canaries[remote];
      if (!canary) return;
      // The release this visitor was served, as forCohort chose it.
      const { version } = forCohort(snapshot, cohort).registry.remotes[remote];
      countsOf(watchOf(remote, canary), version).loads += 1;
    },
    async failureReported(snapshot, remote, version) {
      const canary = snapshot.canaries[remote];
      if (!canary) return;
      const watch = watchOf(remote, canary);
      countsOf(watch, version).failures += 1;
      const active = snapshot.registry.remotes[remote].version;
      const [canaryCounts, activeCounts] = [countsOf(watch, canary.version), countsOf(watch, active)];
      if (watch.ending || !canaryFailsClearly(canaryCounts, activeCounts)) return;
      watch.ending = true;
      const reason = `automatic: its pages failed ${canaryCounts.failures} times in ${canaryCounts.loads} page loads, the active release's (${active}) ${activeCounts.failures} times in ${activeCounts.loads}`;
      try {
        await endCanary(db, { remote, by: AUTOMATIC_CANARY_CHECK, reason });
        logger.warn({ remote, version: canary.version, canary: canaryCounts, active: activeCounts }, 'canary rolled back automatically');
      } catch (error) {
        // Another gateway, or a person, ended it first.
        if (error instanceof ReleaseError) return;
        watch.ending = false;
        logger.error({ err: error, remote, version: canary.version }, 'ending a failing canary failed; trying again on the next report');
      }
    },
  };
}
