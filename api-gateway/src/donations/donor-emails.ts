import { donationLinks } from '@party/shared-contracts';
import type { LedgerContext } from './ledger-context.js';

/** How long a receipt's link to confirm the donor's email works. */
const CONFIRM_WITHIN_MS = 30 * 24 * 60 * 60_000;

/**
 * The link a receipt carries when the donor typed their email and has not confirmed it: following
 * it proves the address theirs (decision 0043), so that their gifts under it, from any wallet, are
 * counted together toward the cap at their next pledge. Null for a pledge made where the site had no
 * address of its own.
 */
export function emailConfirmationLink(context: LedgerContext, origin: string, pledgeId: string): string | null {
  if (!origin) return null;
  const token = context.emailLinks.sign('donation-email-confirm', pledgeId, new Date(Date.now() + CONFIRM_WITHIN_MS));
  return new URL(`${donationLinks.confirmEmailPage}?token=${token}`, origin).href;
}

/** The donor followed their receipt's link: their pledge's email is confirmed. False for a link that is not genuine or has expired. */
export async function confirmDonorEmail(context: LedgerContext, token: string): Promise<boolean> {
  const pledgeId = context.emailLinks.verify('donation-email-confirm', token);
  if (!pledgeId) return false;
  const { rows } = await context.db.query(
    'UPDATE donation_pledges SET email_confirmed = true WHERE id = $1 AND email IS NOT NULL RETURNING 1',
    [pledgeId],
  );
  if (rows.length > 0) context.logger.info({ pledge: pledgeId }, 'a donor confirmed their email by its link');
  return rows.length > 0;
}
