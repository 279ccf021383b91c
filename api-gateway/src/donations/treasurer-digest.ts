import { formatEther } from 'ethers';
import { PARTY_NAME, type DonationAttention } from '@party/shared-contracts';
import { renderEmail, enqueueEmail } from '../platform/index.js';
import { standings } from './donation-attention.js';
import { ledgerRows } from './donor-totals.js';
import type { LedgerContext } from './ledger-context.js';

/** How far ahead the day's email looks. */
export const DIGEST_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;

const needs: Partial<Record<DonationAttention, string>> = {
  undeclared: 'undeclared: declare it or return it',
  'no-declaration': 'no declaration for its value: get one or return it',
  'over-cap': 'over the donor’s cap: return the excess',
  closed: 'received after the rules closed: return it',
};

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Once a day, across every instance (the day's row is written by the one that sends): an email to
 * each treasurer (administrators when there is none) listing the donations needing action whose
 * deadline falls within DIGEST_DAYS_AHEAD days or has passed, soonest first, through the outbox.
 * Nothing is sent on a day with nothing due. Resolves with how many emails it queued.
 */
export async function sendTreasurerDigest(context: LedgerContext, now = new Date()): Promise<number> {
  const { db, rules } = context;
  const origin = context.siteOrigin.href;
  const day = dayOf(now);
  const { rows: sent } = await db.query('SELECT 1 FROM donation_digests WHERE day = $1', [day]);
  if (sent.length > 0) return 0;
  const rows = await ledgerRows(db);
  const standing = standings(rows, rules);
  const horizon = now.getTime() + DIGEST_DAYS_AHEAD * DAY_MS;
  const due = rows
    .map((row) => ({ row, standing: standing.get(row.id)! }))
    .filter(({ standing: each }) => each.deadline !== null && each.deadline.getTime() <= horizon)
    .sort((a, b) => a.standing.deadline!.getTime() - b.standing.deadline!.getTime());
  const { rows: recipients } = await db.query<{ email: string; name: string; role: string }>(
    `SELECT email, name, role FROM staff_accounts
      WHERE disabled_at IS NULL AND password_hash IS NOT NULL
        AND role = CASE WHEN EXISTS (SELECT 1 FROM staff_accounts WHERE role = 'treasurer' AND disabled_at IS NULL AND password_hash IS NOT NULL) THEN 'treasurer' ELSE 'administrator' END
      ORDER BY email`,
  );
  const lines = due.map(({ row, standing: each }) => {
    const deadline = each.deadline!;
    const when = deadline.getTime() < now.getTime() ? `overdue since ${dayOf(deadline)}` : `due ${dayOf(deadline)}`;
    const what = each.attention.flatMap((attention) => needs[attention] ?? []).join('; ');
    return `Donation no. ${row.id}, ${formatEther(BigInt(row.amount_wei))} ETH from ${row.sender}: ${what}. ${when[0]!.toUpperCase()}${when.slice(1)}.`;
  });
  const queued = await db.transaction(async (tx) => {
    const { rows: claimed } = await tx.query(
      'INSERT INTO donation_digests (day, items, recipients) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING day',
      [day, due.length, due.length > 0 ? recipients.length : 0],
    );
    if (claimed.length === 0 || due.length === 0) return 0;
    for (const recipient of recipients) {
      const email = renderEmail(
        {
          subject: `Donations to resolve: ${due.length} due within ${DIGEST_DAYS_AHEAD} days`,
          paragraphs: [
            `Dear ${recipient.name},`,
            `${due.length === 1 ? 'One donation needs' : `${due.length} donations need`} action before the deadline the donation rules (${rules.profile}) give, soonest first:`,
            ...lines,
          ],
          ...(origin ? { action: { label: 'Open the donations', url: `${origin}/staff?section=donations` } } : {}),
          footnote: `You receive this on the days something falls due, as ${recipient.role === 'treasurer' ? 'a treasurer' : 'an administrator (the site has no treasurer)'} of ${PARTY_NAME}.`,
        },
        origin,
      );
      await enqueueEmail(tx, { kind: 'treasurer-digest', to: recipient.email, ...email });
    }
    return recipients.length;
  });
  if (queued > 0) context.onEmailQueued();
  return queued;
}
