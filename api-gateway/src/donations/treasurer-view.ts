import { formatEther } from 'ethers';
import {
  donationNetwork,
  donationResolutionSchema,
  type DonationResolution,
  type StaffDonationRow,
} from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import { standings } from './donation-attention.js';
import type { DonationLedger } from './donation-ledger.js';
import type { LedgerRules } from './donation-rules.js';
import { ledgerRows } from './donor-totals.js';

/** A regulator's return: its columns, each read from a donation as the treasurer sees it. */
type ReturnColumns = Record<string, (row: StaffDonationRow) => string>;

const donorField = (field: string) => (row: StaffDonationRow) => row.donor?.[field] ?? '';
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const common: ReturnColumns = {
  Network: (row) => donationNetwork(row.chainId)?.name ?? String(row.chainId),
  Transaction: (row) => row.txHash,
  'Sending address': (row) => row.sender,
  ETH: (row) => row.amountEth,
  Status: (row) => (row.resolution ? `${row.status}, ${row.resolution}` : row.status),
  'Needs action': (row) => row.attention.join('; '),
  Deadline: (row) => row.deadline ?? '',
  'Returned (ETH)': (row) => (row.refundedEth === '0.0' ? '' : row.refundedEth),
};

/** The columns of each profile's return: FEC Schedule A's itemisation, the Electoral Commission's donation report. */
export const regulatorReturns: Record<LedgerRules['regulatorExport'], ReturnColumns> = {
  fec: {
    'Contributor name': donorField('fullName'),
    Street: donorField('streetAddress'),
    City: donorField('city'),
    State: donorField('region'),
    ZIP: donorField('postalCode'),
    Occupation: donorField('occupation'),
    Employer: donorField('employer'),
    'Date of receipt': (row) => day(row.receivedAt),
    'Amount (USD)': (row) => row.value ?? '',
    'Aggregate this election (USD)': (row) => row.periodTotal,
    'ETH rate (USD)': (row) => row.rate ?? '',
    ...common,
  },
  'electoral-commission': {
    'Donor name': donorField('fullName'),
    'Donor status': () => 'Individual',
    Address: (row) => [row.donor?.streetAddress, row.donor?.city, row.donor?.country].filter(Boolean).join(', '),
    Postcode: donorField('postalCode'),
    'Date received': (row) => day(row.receivedAt),
    'Value (GBP)': (row) => row.value ?? '',
    'Aggregate this year (GBP)': (row) => row.periodTotal,
    'Nature of donation': () => 'Cryptoasset (ETH)',
    'ETH rate (GBP)': (row) => row.rate ?? '',
    ...common,
  },
};

interface DetailRow {
  id: string;
  chain_id: number;
  tx_hash: string;
  rate: string | null;
  value: string | null;
  declaration: Record<string, unknown> | null;
  refund_hash: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  price_stale: boolean;
}

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** What the treasurer reads of the donations: status, value, declaration, what needs action and by when. */
export function treasurerView(db: Queryable, ledger: DonationLedger) {
  const { rules } = ledger.context;
  const columns = regulatorReturns[rules.regulatorExport];
  return {
    resolutionSchema: donationResolutionSchema(rules),
    resolve: (donationId: string, staffEmail: string, resolution: DonationResolution) =>
      ledger.resolve(donationId, staffEmail, resolution),
    /**
     * The donations, each shown written to the access log by `staffEmail`: with a `limit`, those
     * needing action first, by deadline, then the newest; without, every one, newest first.
     */
    async donations(
      staffEmail: string,
      action: 'viewed' | 'exported',
      limit: number | null,
    ): Promise<StaffDonationRow[]> {
      const rows = await ledgerRows(db);
      const standing = standings(rows, rules);
      const due = (row: { id: string }) => standing.get(row.id)!.deadline?.getTime() ?? Number.POSITIVE_INFINITY;
      const needing = rows
        .filter((row) => standing.get(row.id)!.attention.length > 0)
        .reverse()
        .sort((a, b) => due(a) - due(b));
      const rest = rows.filter((row) => standing.get(row.id)!.attention.length === 0).reverse();
      const shown =
        limit === null ? [...rows].reverse() : [...needing, ...rest.slice(0, Math.max(0, limit - needing.length))];
      // Every donation for the CSV: read and logged whole, rather than by a list of every id.
      const chosen =
        limit === null
          ? { logged: '', read: '', params: [] }
          : {
              logged: 'WHERE id = ANY($3::bigint[])',
              read: 'WHERE d.id = ANY($3::bigint[])',
              params: [shown.map((row) => row.id)],
            };
      const { rows: details } = await db.query<DetailRow>(
        `WITH logged AS (
           INSERT INTO staff_access_log (staff_email, action, donation_id) SELECT $1, $2, id FROM donations ${chosen.logged}
         )
         SELECT d.id::text, d.chain_id, d.tx_hash, d.rate::text, d.value::text, p.declaration, d.refund_hash, d.resolved_by, d.resolved_at::text, d.price_stale
           FROM donations d LEFT JOIN donation_pledges p ON p.id = d.pledge_id ${chosen.read}`,
        [staffEmail, action, ...chosen.params],
      );
      const detailOf = new Map(details.map((detail) => [detail.id, detail]));
      return shown.map((row) => {
        const detail = detailOf.get(row.id)!;
        const each = standing.get(row.id)!;
        // The affirmations were required to pledge at all; the treasurer needs the fields.
        const fields = Object.fromEntries(
          Object.entries(detail.declaration ?? {}).filter(([key]) => key !== 'affirmations'),
        ) as Record<string, string>;
        return {
          id: row.id,
          chainId: detail.chain_id,
          txHash: detail.tx_hash,
          status: row.status,
          amountEth: formatEther(BigInt(row.amount_wei)),
          value: detail.value === null ? null : Number(detail.value).toFixed(2),
          priceStale: detail.price_stale,
          currency: rules.currency,
          rate: detail.rate,
          reportedAt: row.reported_at.toISOString(),
          receivedAt: row.received_at?.toISOString() ?? null,
          sender: row.sender,
          donor: detail.declaration ? fields : null,
          periodTotal: (each.periodTotalCents / 100).toFixed(2),
          attention: each.attention,
          deadline: isoDay(each.deadline),
          toReturnEth: each.toReturnWei === null ? null : formatEther(each.toReturnWei),
          refundedEth: formatEther(BigInt(row.refunded_wei)),
          resolution: row.resolution
            ? {
                kind: row.resolution,
                by: detail.resolved_by ?? '',
                at: detail.resolved_at ?? '',
                refundHash: detail.refund_hash,
              }
            : null,
        } satisfies StaffDonationRow;
      });
    },
    returnHeadings: Object.keys(columns),
    /** The CSV rows of the rules' regulator return, by column heading. */
    regulatorReturn: (rows: readonly StaffDonationRow[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(columns).map(([heading, read]) => [heading, read(row)]))),
  };
}
