import type { Gauge } from 'prom-client';
import type { Logger } from '../platform/index.js';

/**
 * Whether each network's RPC endpoints answer, as the readers last found: one warning when a
 * network becomes unreachable, one info line when it is back, a gauge per network, and an
 * exponential backoff for the background work (the watcher and the re-checks) while it is down.
 * A donor's own pledge or report always asks: it answers at once either way.
 */
export interface NetworkHealth {
  answered(chainId: number): void;
  /** Every endpoint failed; `reasons` by endpoint, for the one line that says so. */
  unreachable(chainId: number, reasons: Record<string, string>): void;
  /** Whether background work may ask this network now. */
  mayTry(chainId: number, now?: number): boolean;
  /** When background work may ask it next (now when it answers). */
  nextTry(chainId: number): number;
}

export interface NetworkHealthOptions {
  /** The first wait after a failure; it doubles with each failure after. */
  baseMs: number;
  ceilingMs: number;
  gauge?: Gauge<'chain_id'>;
  /** Milliseconds since the epoch (tests give their own). */
  clock?: () => number;
}

interface State {
  reachable: boolean;
  failures: number;
  nextTry: number;
}

export function networkHealth(
  logger: Logger,
  { baseMs, ceilingMs, gauge, clock = Date.now }: NetworkHealthOptions,
): NetworkHealth {
  const states = new Map<number, State>();
  const stateOf = (chainId: number) => {
    let state = states.get(chainId);
    if (!state) states.set(chainId, (state = { reachable: true, failures: 0, nextTry: 0 }));
    return state;
  };
  return {
    answered(chainId) {
      const state = stateOf(chainId);
      if (!state.reachable) logger.info({ chainId, after: state.failures }, 'a donation network answers again');
      Object.assign(state, { reachable: true, failures: 0, nextTry: 0 });
      gauge?.set({ chain_id: String(chainId) }, 1);
    },
    unreachable(chainId, reasons) {
      const state = stateOf(chainId);
      if (state.reachable)
        logger.warn(
          { chainId, reasons },
          'a donation network is unreachable: no RPC endpoint answers; asked again with backoff',
        );
      state.reachable = false;
      state.failures += 1;
      state.nextTry = clock() + Math.min(ceilingMs, baseMs * 2 ** Math.min(state.failures - 1, 20));
      gauge?.set({ chain_id: String(chainId) }, 0);
    },
    mayTry: (chainId, now = clock()) => now >= stateOf(chainId).nextTry,
    nextTry: (chainId) => stateOf(chainId).nextTry,
  };
}
