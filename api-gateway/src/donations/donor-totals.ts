import type { DonationStatus } from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import { capPeriodStart, type LedgerRules } from './donation-rules.js';
import { donorGroups, donorOfRow, identityKeys, provenKeys } from './donor-identity.js';

/** A gift (or a pledge still open) as it counts toward its donor's cap: in cents of the rules' currency. */
export interface CountedEntry {
  id: string;
  keys: string[];
  cents: number;
  at: Date;
}

/** `123.45` in cents. */
export const cents = (value: string | number): number => Math.round(Number(value) * 100);

/**
 * What is left of a gift once its refunds are taken off, at its own rate: a refund of a share of
 * the ETH takes that share of the value (rounded in the donor's favour).
 */
export function keptCents(valueCents: number, amountWei: bigint, refundedWei: bigint): number {
  if (refundedWei <= 0n || amountWei <= 0n) return valueCents;
  const refunded = (BigInt(valueCents) * refundedWei + amountWei - 1n) / amountWei;
  return Math.max(0, valueCents - Number(refunded));
}

/** A donation as the ledger's bookkeeping reads it: no declaration beyond who gave. */
export interface LedgerRow {
  id: string;
  status: DonationStatus;
  amount_wei: string;
  refunded_wei: string;
  /** At its block; at the pledge's valuation while pending. */
  value: string | null;
  reported_at: Date;
  received_at: Date | null;
  sender: string;
  pledge_id: string | null;
  declared: boolean;
  full_name: string | null;
  postal_code: string | null;
  email: string | null;
  /** The pledge was made by a member signed in under its email: the email is the donor's, proved. */
  email_confirmed: boolean;
  resolution: 'declared' | 'returned' | 'excess-returned' | null;
  disputed: boolean;
  /** The currency its value is in (the rules' at the time): only the rules' own counts toward the cap. */
  currency: string | null;
}

const LEDGER_ROW = `SELECT d.id::text, d.status, d.amount_wei::text, d.refunded_wei::text, coalesce(d.value, p.value_at_pledge)::text AS value, d.reported_at, d.received_at,
            d.sender, d.pledge_id, p.declaration IS NOT NULL AS declared, p.declaration->>'fullName' AS full_name, p.declaration->>'postalCode' AS postal_code,
            p.email, coalesce(p.email_confirmed, false) AS email_confirmed, d.resolution, d.disagreement IS NOT NULL AS disputed, coalesce(p.currency, d.currency) AS currency
       FROM donations d LEFT JOIN donation_pledges p ON p.id = d.pledge_id`;

/** Every donation's bookkeeping row (reported `since`, when given), oldest first. */
export async function ledgerRows(db: Queryable, { since }: { since?: Date } = {}): Promise<LedgerRow[]> {
  const { rows } = await db.query<LedgerRow>(`${LEDGER_ROW} WHERE d.reported_at >= $1 ORDER BY d.reported_at, d.id`, [
    since ?? new Date(0),
  ]);
  return rows;
}

/** Every key a gift's row names, proved or only declared: how the treasurer joins gifts to review them. */
const declaredKeysOf = (row: LedgerRow) => identityKeys(donorOfRow(row));

/** The keys a gift's row proves (donor-identity.ts): the address that sent it, its email if confirmed. */
const provenKeysOf = (row: LedgerRow) =>
  provenKeys({ sender: row.sender, email: row.email, emailConfirmed: row.email_confirmed });

/**
 * The gifts that count toward their donor's cap: in the cap's period and the rules' currency, not
 * dropped, not returned, less their refunds; a pending gift at its value when pledged. Joined by
 * every key they name unless `keysOf` says otherwise.
 */
export function countedEntries(
  rows: readonly LedgerRow[],
  rules: Pick<LedgerRules, 'cap' | 'currency'>,
  keysOf: (row: LedgerRow) => string[] = declaredKeysOf,
): CountedEntry[] {
  const periodStart = capPeriodStart(rules).getTime();
  return rows
    .filter(
      (row) =>
        row.status !== 'dropped' &&
        row.resolution !== 'returned' &&
        row.value !== null &&
        row.currency === rules.currency &&
        row.reported_at.getTime() >= periodStart,
    )
    .map((row) => ({
      id: row.id,
      keys: keysOf(row),
      cents: keptCents(cents(row.value!), BigInt(row.amount_wei), BigInt(row.refunded_wei)),
      at: row.reported_at,
    }));
}

/** A donor's proved keys, as the columns they are read by: addresses (lower case) and confirmed emails (lower case). */
interface ProvedKeys {
  addresses: Set<string>;
  emails: Set<string>;
}

function addKey(proved: ProvedKeys, key: string): void {
  const separator = key.indexOf(':');
  const value = key.slice(separator + 1);
  if (key.startsWith('address:')) proved.addresses.add(value);
  else if (key.startsWith('email:')) proved.emails.add(value);
}

/** The period's gifts sent from one of the addresses, or pledged under one of the confirmed emails. */
async function giftsOf(q: Queryable, since: Date, { addresses, emails }: ProvedKeys): Promise<LedgerRow[]> {
  const { rows } = await q.query<LedgerRow>(
    `${LEDGER_ROW}
      WHERE d.reported_at >= $1
        AND d.id IN (SELECT id FROM donations WHERE sender = ANY($2::text[])
                     UNION ALL
                     SELECT g.id FROM donation_pledges e JOIN donations g ON g.pledge_id = e.id
                      WHERE e.email_confirmed AND lower(e.email) = ANY($3::text[]))`,
    [since, [...addresses], [...emails]],
  );
  return rows;
}

/**
 * The open pledges proved by one of the keys (signed by one of the addresses, or made under one of
 * the confirmed emails), not yet fulfilled or expired: each holds its place under its donor's cap.
 * An unsigned pledge typed by anyone counts toward nothing. `except`: the pledge being weighed itself.
 */
async function openPledgesOf(
  q: Queryable,
  rules: Pick<LedgerRules, 'cap' | 'currency'>,
  { addresses, emails }: ProvedKeys,
  except: string | null,
): Promise<CountedEntry[]> {
  const { rows } = await q.query<{
    id: string;
    sender: string;
    signed: boolean;
    email: string | null;
    email_confirmed: boolean;
    value: string;
    at: Date;
  }>(
    `SELECT 'pledge-' || p.id AS id, p.sender, p.signature IS NOT NULL AS signed, p.email, p.email_confirmed, p.value_at_pledge::text AS value, p.created_at AS at
       FROM donation_pledges p
      WHERE p.id IN (SELECT id FROM donation_pledges WHERE signature IS NOT NULL AND sender = ANY($4::text[])
                     UNION ALL
                     SELECT id FROM donation_pledges WHERE email_confirmed AND lower(email) = ANY($5::text[]))
        AND p.expires_at > now() AND p.currency = $1 AND p.created_at >= $2 AND p.id IS DISTINCT FROM $3::uuid
        AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)`,
    [rules.currency, capPeriodStart(rules), except, [...addresses], [...emails]],
  );
  return rows.map((row) => ({
    id: row.id,
    keys: provenKeys({ sender: row.signed ? row.sender : null, email: row.email, emailConfirmed: row.email_confirmed }),
    cents: cents(row.value),
    at: row.at,
  }));
}

/** Enough for any donor's group: each round adds the wallets and emails the last one found. */
const GROUP_ROUNDS = 50;

/**
 * What the donor who proved `keys` has given in the cap's period, in cents, joined to others only by
 * proved keys: their group's gifts and, with `openPledges`, its proved open pledges (but `except`).
 * Read through the indexes on sender and confirmed email, a round for each step of the group, never
 * the period's every gift: a pledge costs the same however long the party's history.
 */
export async function provenTotalCents(
  q: Queryable,
  rules: Pick<LedgerRules, 'cap' | 'currency'>,
  keys: readonly string[],
  { openPledges, except = null }: { openPledges: boolean; except?: string | null },
): Promise<number> {
  const proved: ProvedKeys = { addresses: new Set(), emails: new Set() };
  keys.forEach((key) => addKey(proved, key));
  let entries: CountedEntry[] = [];
  for (let round = 0; round < GROUP_ROUNDS && proved.addresses.size + proved.emails.size > 0; round += 1) {
    const known = proved.addresses.size + proved.emails.size;
    entries = [
      ...countedEntries(await giftsOf(q, capPeriodStart(rules), proved), rules, provenKeysOf),
      ...(openPledges ? await openPledgesOf(q, rules, proved, except) : []),
    ];
    entries.forEach((entry) => entry.keys.forEach((key) => addKey(proved, key)));
    if (proved.addresses.size + proved.emails.size === known) break;
  }
  return entries.reduce((total, entry) => total + entry.cents, 0);
}

/**
 * Each entry's donor's running total, oldest first, and how much of the entry passes the cap: what
 * the treasurer must return of it.
 */
export function runningTotals(
  entries: readonly CountedEntry[],
  capCents: number | null,
): Map<string, { totalCents: number; excessCents: number }> {
  const groups = donorGroups(entries);
  const order = entries
    .map((_, index) => index)
    .sort(
      (a, b) =>
        entries[a]!.at.getTime() - entries[b]!.at.getTime() ||
        entries[a]!.id.localeCompare(entries[b]!.id, 'en', { numeric: true }),
    );
  const totals = new Map<number, number>();
  const standing = new Map<string, { totalCents: number; excessCents: number }>();
  for (const index of order) {
    const entry = entries[index]!;
    const before = totals.get(groups[index]!) ?? 0;
    const after = before + entry.cents;
    totals.set(groups[index]!, after);
    const excess = capCents === null ? 0 : Math.min(entry.cents, Math.max(0, after - capCents));
    standing.set(entry.id, { totalCents: after, excessCents: excess });
  }
  return standing;
}
