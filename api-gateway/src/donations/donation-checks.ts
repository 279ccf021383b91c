import type { DonationLedger } from './donation-ledger.js';

/** Rounds of watching and re-checking one wake-up may run before it sleeps again. */
const ROUNDS_PER_WAKE = 100;

/**
 * Every `everyMs`, until stopped: reads each network's new blocks for transfers, re-checks due
 * donations (pending ones until they are mined or dropped, received ones until they reach the
 * rules' depth), round after round while there is work, and sends the treasurers' daily email. Every
 * RPC endpoint's chain is checked at once, at start.
 */
export function scheduleDonationChecks(
  ledger: DonationLedger,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const verified = ledger.verifyEndpoints();
  const round = async () => {
    try {
      await verified;
      await ledger.digest();
      for (let rounds = 0; !stopped && rounds < ROUNDS_PER_WAKE; rounds += 1) {
        const work = (await ledger.watch()) + (await ledger.recheckDue());
        if (work === 0) break;
      }
    } catch (error) {
      onError(error);
    }
    if (!stopped) timer = setTimeout(() => void round(), everyMs).unref();
  };
  timer = setTimeout(() => void round(), everyMs).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
