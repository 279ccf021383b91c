import { formatEther } from 'ethers';
import type { PublicDonationLedger } from '@party/shared-contracts';
import { donorGroups, donorOfRow, identityKeys } from './donor-identity.js';
import type { LedgerContext } from './ledger-context.js';

/**
 * The donations the party keeps, as the public sees them: confirmed and declared, not returned,
 * none received after the rules closed; each less its refunds, in wei and in cents, rounded as
 * keptCents does (the refunded share of the value rounded up).
 */
const KEPT = `
  SELECT d.chain_id, d.tx_hash, d.received_at, d.sender, p.declaration->>'fullName' AS full_name, p.declaration->>'postalCode' AS postal_code, p.email,
         CASE WHEN d.refunded_wei = 0 THEN d.amount_wei ELSE d.amount_wei - d.refunded_wei END AS kept_wei,
         CASE WHEN d.refunded_wei = 0 THEN d.value * 100 ELSE round(d.value * 100) - ceil(round(d.value * 100) * d.refunded_wei / d.amount_wei) END AS kept_cents
    FROM donations d JOIN donation_pledges p ON p.id = d.pledge_id
   WHERE d.status = 'confirmed' AND d.resolution IS DISTINCT FROM 'returned' AND d.refunded_wei < d.amount_wei
     AND ($1::date IS NULL OR d.received_at < $1::date)`;

type PublicLedgerReader = (context: LedgerContext) => Promise<PublicDonationLedger>;

/**
 * What anyone may read of the ledger: the donations the party keeps by month and network, how many
 * donors gave them (one donor however many addresses, spellings or emails), and the names the law
 * publishes above its threshold. The page asks on every visit: the donors are grouped again only
 * when the set of who gave has changed (a checksum of it, summed in the database, says so).
 */
export function publicLedgerReader(): PublicLedgerReader {
  let donors: { checksum: string; count: number } | null = null;
  return async ({ db, rules }) => {
    const closedSince = rules.closedSince ?? null;
    const [months, disclosed] = await Promise.all([
      // With the checksum of who gave, over every month: one pass over the donations.
      db.query<{
        month: string;
        chain_id: number;
        donations: number;
        amount_wei: string;
        cents: string;
        checksum: string;
      }>(
        `SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, chain_id, count(*)::int AS donations, sum(kept_wei)::text AS amount_wei, sum(kept_cents)::text AS cents,
                sum(count(*)) OVER () || ':' || sum(sum(hashtext(concat_ws('|', sender, full_name, postal_code, email))::bigint)) OVER () AS checksum
           FROM (${KEPT}) kept GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
        [closedSince],
      ),
      db.query<{
        name: string;
        chain_id: number;
        tx_hash: string;
        amount_wei: string;
        cents: string;
        received_at: Date;
      }>(
        `SELECT full_name AS name, chain_id, tx_hash, kept_wei::text AS amount_wei, kept_cents::text AS cents, received_at
           FROM (${KEPT}) kept WHERE full_name IS NOT NULL AND kept_cents > $2 ORDER BY received_at DESC LIMIT 500`,
        [closedSince, Math.round(rules.disclosureThreshold * 100)],
      ),
    ]);
    const checksum = months.rows[0]?.checksum ?? 'none';
    if (donors?.checksum !== checksum) {
      const { rows } = await db.query<{
        sender: string;
        full_name: string | null;
        postal_code: string | null;
        email: string | null;
      }>(`SELECT DISTINCT sender, full_name, postal_code, email FROM (${KEPT}) kept`, [closedSince]);
      const groups = donorGroups(rows.map((row) => ({ keys: identityKeys(donorOfRow(row)) })));
      donors = { checksum, count: new Set(groups).size };
    }
    const fixed = (cents: string) => (Number(cents) / 100).toFixed(2);
    return {
      currency: rules.currency,
      disclosureThreshold: rules.disclosureThreshold,
      donors: donors.count,
      months: months.rows.map((row) => ({
        month: row.month,
        chainId: row.chain_id,
        donations: row.donations,
        amountEth: formatEther(BigInt(row.amount_wei)),
        value: fixed(row.cents),
      })),
      disclosed: disclosed.rows.map((row) => ({
        name: row.name,
        chainId: row.chain_id,
        txHash: row.tx_hash,
        amountEth: formatEther(BigInt(row.amount_wei)),
        value: fixed(row.cents),
        receivedAt: new Date(row.received_at).toISOString(),
      })),
    };
  };
}
