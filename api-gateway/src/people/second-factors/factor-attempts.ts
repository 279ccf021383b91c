import { memberLinks, PARTY_NAME } from '@party/shared-contracts';
import type { Context } from 'koa';
import type { Database } from '../../platform/index.js';
import { renderEmail, enqueueEmail } from '../../platform/index.js';
import type { FactorOwner } from './second-factors.js';

/** Wrong second factors in a row an account may give at once; each one after waits longer. */
export const FACTOR_FAILURES_BEFORE_DELAY = 5;
/** Wrong second factors in a row that lock the account's factors (NIST SP 800-63B allows at most 100). */
export const FACTOR_FAILURES_BEFORE_LOCK = 100;
const FIRST_DELAY_SECONDS = 30;
const LONGEST_DELAY_SECONDS = 60 * 60;

/** How long an account waits after `failures` wrong factors in a row: none, then 30 s doubling up to an hour. */
export const factorDelaySeconds = (failures: number) =>
  failures < FACTOR_FAILURES_BEFORE_DELAY
    ? 0
    : Math.min(LONGEST_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FACTOR_FAILURES_BEFORE_DELAY));

/** The same in SQL, on the row's own count. */
const sqlDelaySeconds = `CASE WHEN factor_failures < ${FACTOR_FAILURES_BEFORE_DELAY} THEN 0
  ELSE LEAST(${LONGEST_DELAY_SECONDS}, ${FIRST_DELAY_SECONDS} * power(2, factor_failures - ${FACTOR_FAILURES_BEFORE_DELAY})) END`;

export type FactorAttempt =
  | { outcome: 'given' }
  | { outcome: 'refused'; retryAfterSeconds: number }
  | { outcome: 'waiting'; retryAfterSeconds: number }
  /** Locked, by this attempt or before: `lockedNow` once, for the one that locked it. */
  | { outcome: 'locked'; lockedNow: boolean };

const tableOf = { staff: 'staff_accounts', member: 'members' } as const satisfies Record<FactorOwner, string>;

/**
 * Counts an account's wrong second factors in a row, in the database every instance shares. An
 * attempt is counted as wrong before it is checked, in the statement that lets it through, so that
 * parallel guesses cannot slip past the count; a right one clears it. The hundredth wrong one
 * locks the factors, writes the lock in the access log and emails the account's address. Lifting
 * the lock (a member's password reset) leaves the count and its wait: whoever holds the mailbox
 * alone gains one guess per reset, an hour after the last, never a fresh hundred.
 */
export function factorAttempts(
  db: Database,
  whose: FactorOwner,
  onEmailQueued: () => void,
  clock: () => number = Date.now,
) {
  const TABLE = tableOf[whose];

  async function lock(ownerId: string, siteOrigin: string): Promise<boolean> {
    const locked = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string }>(
        `UPDATE ${TABLE} SET factor_locked_at = $2 WHERE id = $1 AND factor_failures >= ${FACTOR_FAILURES_BEFORE_LOCK} AND factor_locked_at IS NULL RETURNING email`,
        [ownerId, new Date(clock())],
      );
      const account = rows[0];
      if (!account) return false;
      await tx.query(`INSERT INTO staff_access_log (staff_email, action, detail) VALUES ($1, 'factor-locked', $2)`, [
        whose === 'staff' ? account.email : 'the site',
        `${whose === 'staff' ? 'staff account' : `member no. ${ownerId}`}: ${FACTOR_FAILURES_BEFORE_LOCK} wrong second factors in a row`,
      ]);
      await enqueueEmail(tx, { kind: 'factor-locked', to: account.email, ...factorLockedEmail(whose, siteOrigin) });
      return true;
    });
    if (locked) onEmailQueued();
    return locked;
  }

  return {
    /**
     * Runs `check` (is this factor right?) unless the account must wait or is locked, and counts
     * the outcome. `siteOrigin` is for the link in the email a lock sends.
     */
    async attempt(ownerId: string, check: () => Promise<boolean>, siteOrigin: string): Promise<FactorAttempt> {
      const now = new Date(clock());
      const { rows: claimed } = await db.query<{ factor_failures: number }>(
        `UPDATE ${TABLE} SET factor_failures = factor_failures + 1, factor_failed_at = $2
          WHERE id = $1 AND factor_locked_at IS NULL
            AND (factor_failed_at IS NULL OR factor_failed_at + (${sqlDelaySeconds}) * interval '1 second' <= $2)
          RETURNING factor_failures`,
        [ownerId, now],
      );
      if (!claimed[0]) {
        const { rows } = await db.query<{
          factor_failures: number;
          factor_failed_at: Date | null;
          factor_locked_at: Date | null;
        }>(`SELECT factor_failures, factor_failed_at, factor_locked_at FROM ${TABLE} WHERE id = $1`, [ownerId]);
        const row = rows[0];
        if (!row || row.factor_locked_at) return { outcome: 'locked', lockedNow: false };
        const waitMs =
          (row.factor_failed_at?.getTime() ?? 0) + factorDelaySeconds(row.factor_failures) * 1000 - now.getTime();
        return { outcome: 'waiting', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      if (await check()) {
        await db.query(
          `UPDATE ${TABLE} SET factor_failures = 0, factor_failed_at = NULL WHERE id = $1 AND factor_locked_at IS NULL`,
          [ownerId],
        );
        return { outcome: 'given' };
      }
      const failures = claimed[0].factor_failures;
      if (failures >= FACTOR_FAILURES_BEFORE_LOCK)
        return { outcome: 'locked', lockedNow: await lock(ownerId, siteOrigin) };
      return { outcome: 'refused', retryAfterSeconds: factorDelaySeconds(failures) };
    },
  };
}

export type FactorAttempts = ReturnType<typeof factorAttempts>;

function factorLockedEmail(whose: FactorOwner, origin: string) {
  const unlock =
    whose === 'staff'
      ? 'An administrator can unlock it for you from the staff console. If it was not you, tell them: someone knows your password, so change it first.'
      : 'To unlock it, choose a new password with the link below. If it was not you, someone knows your password: the new one shuts them out.';
  return renderEmail(
    {
      subject: 'Your second factor is locked',
      paragraphs: [
        'Hello,',
        `Someone gave a wrong code or passkey ${FACTOR_FAILURES_BEFORE_LOCK} times in a row when signing in to your ${whose === 'staff' ? 'staff account' : 'membership'} at ${PARTY_NAME}, after the right password. To keep your account safe, signing in with a second factor is now locked.`,
        unlock,
      ],
      ...(whose === 'member' && {
        action: { label: 'Choose a new password', url: `${origin}${memberLinks.forgotPasswordPage}` },
      }),
      footnote: `You receive this email because your ${whose === 'staff' ? 'staff account' : 'membership'} uses this address.`,
    },
    origin,
  );
}

const lockedMessage = {
  staff: 'Your second factor is locked after too many wrong codes in a row. An administrator can unlock it for you.',
  member:
    'Your second factor is locked after too many wrong codes in a row. To unlock it, choose a new password with “Forgot your password?”.',
} as const satisfies Record<FactorOwner, string>;

const inWords = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** Answers an attempt the account may not make: 429 while it must wait, 423 once its factors are locked. */
export function refuseUnlessAllowed(ctx: Context, attempt: FactorAttempt, whose: FactorOwner): void {
  if (attempt.outcome === 'locked') ctx.throw(423, lockedMessage[whose]);
  if (attempt.outcome === 'waiting') {
    ctx.throw(
      429,
      `Too many wrong codes in a row. Please wait ${inWords(attempt.retryAfterSeconds)} before you try again.`,
      {
        headers: { 'Retry-After': String(attempt.retryAfterSeconds) },
      },
    );
  }
}
