import { formatEther } from 'ethers';
import { donationNetwork, donationResolutionSchema, type DonationAttention, type DonationResolution, type StaffDonationRow } from '@party/shared-contracts';
import type { Queryable } from '../../platform/index.js';
import type { DonationLedger, ResolveOutcome } from './donation-ledger.js';
import { capPeriodStart, donationTerms, type AcceptingDonationRules } from './donation-rules.js';

interface DonationRow {
  id: string;
  chain_id: number;
  tx_hash: string;
  status: StaffDonationRow['status'];
  amount_wei: string;
  value: string | null;
  rate: string | null;
  reported_at: string;
  received_at: string | null;
  sender: string;
  declaration: Record<string, unknown> | null;
  resolution: 'declared' | 'returned' | null;
  refund_hash: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  period_total: string;
  undeclared: boolean;
  no_declaration: boolean;
  over_cap: boolean;
}

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
};

/** The columns of each profile's return: FEC Schedule A's itemisation, the Electoral Commission's donation report. */
export const regulatorReturns: Record<AcceptingDonationRules['regulatorExport'], ReturnColumns> = {
  fec: {
    'Contributor name': donorField('fullName'),
    'Street': donorField('streetAddress'),
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

export interface TreasurerView {
  /** The donations, newest first, each one shown written to the access log by `staffEmail`. */
  donations(staffEmail: string, action: 'viewed' | 'exported', limit: number | null): Promise<StaffDonationRow[]>;
  /** The column headings of the rules' regulator return, in order. */
  returnHeadings: string[];
  /** The CSV rows of the rules' regulator return, by column heading. */
  regulatorReturn(rows: readonly StaffDonationRow[]): Array<Record<string, string>>;
  /** What a resolution must look like under these rules (the declaration's fields). */
  resolutionSchema: ReturnType<typeof donationResolutionSchema>;
  resolve(donationId: string, staffEmail: string, resolution: DonationResolution): Promise<ResolveOutcome>;
}

/** What the treasurer reads of the donations: status, value, declaration, and what needs action. */
export function treasurerView(db: Queryable, rules: AcceptingDonationRules, ledger: DonationLedger): TreasurerView {
  const columns = regulatorReturns[rules.regulatorExport];
  return {
    resolutionSchema: donationResolutionSchema(donationTerms(rules)),
    resolve: (donationId, staffEmail, resolution) => ledger.resolve(donationId, staffEmail, resolution),
    async donations(staffEmail, action, limit) {
      const { rows } = await db.query<DonationRow>(
        `WITH counted AS (
           SELECT d.id, d.chain_id, d.tx_hash, d.status, d.amount_wei, d.value, d.rate, d.reported_at, d.received_at, d.sender, d.pledge_id,
                  d.resolution, d.refund_hash, d.resolved_by, d.resolved_at, p.declaration,
                  coalesce(sum(CASE WHEN d.status <> 'dropped' AND d.resolution IS DISTINCT FROM 'returned' AND d.reported_at >= $2 THEN coalesce(d.value, p.value_at_pledge, 0) ELSE 0 END)
                    OVER (PARTITION BY coalesce(p.donor_key, d.sender) ORDER BY d.reported_at, d.id), 0) AS period_total
             FROM donations d LEFT JOIN donation_pledges p ON p.id = d.pledge_id
         ), shown AS (
           SELECT * FROM counted ORDER BY reported_at DESC, id DESC LIMIT $5
         ), logged AS (
           INSERT INTO staff_access_log (staff_email, action, donation_id) SELECT $1, $6, id FROM shown
         )
         SELECT id::text, chain_id, tx_hash, status, amount_wei::text, value::text, rate::text, reported_at::text, received_at::text, sender, declaration,
                resolution, refund_hash, resolved_by, resolved_at::text, period_total::text,
                pledge_id IS NULL AND status <> 'dropped' AND resolution IS NULL AS undeclared,
                pledge_id IS NOT NULL AND declaration IS NULL AND coalesce(value, 0) > $3 AND resolution IS NULL AS no_declaration,
                $4::numeric IS NOT NULL AND status <> 'dropped' AND resolution IS DISTINCT FROM 'returned' AND reported_at >= $2 AND period_total > $4::numeric AS over_cap
           FROM shown ORDER BY reported_at DESC, id DESC`,
        [staffEmail, capPeriodStart(rules), rules.declarationThreshold, rules.cap?.amount ?? null, limit, action],
      );
      return rows.map((row) => {
        const attention: DonationAttention[] = [];
        if (row.undeclared) attention.push('undeclared');
        if (row.no_declaration) attention.push('no-declaration');
        if (row.over_cap) attention.push('over-cap');
        if (row.status === 'dropped') attention.push('dropped');
        // The affirmations were required to pledge at all; the treasurer needs the fields.
        const fields = Object.fromEntries(Object.entries(row.declaration ?? {}).filter(([key]) => key !== 'affirmations')) as Record<string, string>;
        return {
          id: row.id,
          chainId: row.chain_id,
          txHash: row.tx_hash,
          status: row.status,
          amountEth: formatEther(BigInt(row.amount_wei)),
          value: row.value === null ? null : Number(row.value).toFixed(2),
          currency: rules.currency,
          rate: row.rate,
          reportedAt: row.reported_at,
          receivedAt: row.received_at,
          sender: row.sender,
          donor: row.declaration ? fields : null,
          periodTotal: Number(row.period_total).toFixed(2),
          attention,
          resolution: row.resolution ? { kind: row.resolution, by: row.resolved_by ?? '', at: row.resolved_at ?? '', refundHash: row.refund_hash } : null,
        };
      });
    },
    returnHeadings: Object.keys(columns),
    regulatorReturn: (rows) => rows.map((row) => Object.fromEntries(Object.entries(columns).map(([heading, read]) => [heading, read(row)]))),
  };
}
