import type { DonationAttention } from '@party/shared-contracts';
import type { DonationDeadlineKind, LedgerRules } from './donation-rules.js';
import { cents, countedEntries, runningTotals, type LedgerRow } from './donor-totals.js';

/** What a donation needs of the treasurer, by when, and what must go back. */
export interface DonationStanding {
  attention: DonationAttention[];
  /** The earliest of the law's deadlines for what it needs; null when none applies. */
  deadline: Date | null;
  /** The least that must be returned of it, in wei; null when nothing must. */
  toReturnWei: bigint | null;
  /** Its donor's total in the cap's period up to it, less refunds (0 outside the period). */
  periodTotalCents: number;
}

const DAY_MS = 86_400_000;
const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

/**
 * Each donation's standing under the rules: what needs action (undeclared, no declaration for its
 * value, over its donor's cap counted across address, person and email, received after the rules
 * closed, disputed by the RPC endpoints, dropped), the deadline the rules give from its receipt,
 * and what must go back (the whole, or the excess over the cap at its own rate).
 */
export function standings(rows: readonly LedgerRow[], rules: LedgerRules): Map<string, DonationStanding> {
  const closedSince = rules.closedSince ? new Date(`${rules.closedSince}T00:00:00Z`).getTime() : null;
  const totals = runningTotals(countedEntries(rows, rules), rules.cap ? cents(rules.cap.amount) : null);

  return new Map(
    rows.map((row) => {
      const amount = BigInt(row.amount_wei);
      const remaining = amount - BigInt(row.refunded_wei);
      const returned = remaining <= 0n || row.resolution === 'returned';
      const received = (row.received_at ?? row.reported_at).getTime();
      const due: Array<[DonationDeadlineKind, bigint]> = [];
      const attention: DonationAttention[] = [];
      const live = row.status !== 'dropped' && !returned;
      if (live && closedSince !== null && received >= closedSince) due.push(['closed', remaining]);
      if (live && row.pledge_id === null && row.resolution === null) due.push(['undeclared', remaining]);
      if (
        live &&
        row.pledge_id !== null &&
        !row.declared &&
        row.resolution === null &&
        Number(row.value ?? 0) > rules.declarationThreshold
      )
        due.push(['no-declaration', remaining]);
      const total = totals.get(row.id);
      if (live && total && total.excessCents > 0) {
        const valueCents = BigInt(cents(row.value ?? 0));
        due.push(['over-cap', valueCents > 0n ? ceilDiv(BigInt(total.excessCents) * amount, valueCents) : remaining]);
      }
      attention.push(...due.map(([kind]) => kind));
      if (row.disputed && row.status !== 'dropped') attention.push('disputed');
      if (row.status === 'dropped') attention.push('dropped');
      const deadlines = due.map(([kind]) => received + rules.deadlines[kind] * DAY_MS);
      const toReturn = due.reduce<bigint | null>((most, [, wei]) => (most === null || wei > most ? wei : most), null);
      return [
        row.id,
        {
          attention: [...new Set(attention)],
          deadline: deadlines.length > 0 ? new Date(Math.min(...deadlines)) : null,
          toReturnWei: toReturn === null ? null : toReturn > remaining ? remaining : toReturn,
          periodTotalCents: total?.totalCents ?? 0,
        },
      ];
    }),
  );
}
