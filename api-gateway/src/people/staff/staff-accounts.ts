import { createHash, randomBytes } from 'node:crypto';
import type {
  PasswordChange,
  StaffAccessAction,
  StaffAccountRow,
  StaffDuty,
  StaffMember,
  StaffRole,
  StaffSessionRow,
  StaffSessionStep,
} from '@party/shared-contracts';
import type { Database, PasswordHasher, Queryable } from '../../platform/index.js';
import { enqueueEmail, linkNonce, nonceHash } from '../../platform/index.js';
import { factorSteps } from '../second-factors/second-factors.js';
import { staffPasswordEmail, STAFF_PASSWORD_LINK_VALID_MS } from './staff-emails.js';

/** How long staff sessions last: ended after `idleMinutes` without a request, and `hours` after sign-in in any case. */
export interface StaffSessionLimits {
  idleMinutes: number;
  hours: number;
}

/** A password alone opens a session for this long: enough to give the second factor or enrol one. */
const HALF_SIGNED_IN_MINUTES = 10;

export interface StaffSession extends StaffMember {
  id: string;
  step: StaffSessionStep;
  /** Seconds since the second factor was last given; null before it is. */
  factorAgeSeconds: number | null;
  factors: { passkey: boolean; app: boolean; recoveryCodes: number };
  passkeyChallenge: string | null;
  pendingAppSecret: string | null;
}

/** An address as the access log names it: the start of its SHA-256, which a given address can be checked against. */
export const addressReference = (email: string) =>
  `the address whose SHA-256 begins ${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;

/** An entry of the access log about staff themselves: a sign-in, a factor, an account's change. */
export async function logStaffAction(
  db: Queryable,
  staffEmail: string,
  action: StaffAccessAction,
  detail: string | null = null,
): Promise<void> {
  await db.query(`INSERT INTO staff_access_log (staff_email, action, detail) VALUES ($1, $2, $3)`, [
    staffEmail,
    action,
    detail,
  ]);
}

/** A session that is live: its token's, of an enabled account, within its limits ($2 hours, $3 idle minutes). */
const LIVE_SESSION = `s.token_hash = $1 AND a.disabled_at IS NULL
  AND s.created_at > now() - $2 * interval '1 hour'
  AND s.seen_at > now() - $3 * interval '1 minute'
  AND (s.factor_at IS NOT NULL OR s.created_at > now() - interval '${HALF_SIGNED_IN_MINUTES} minutes')`;

const SESSION_COLUMNS = `a.id::text, a.email, a.name, a.role, a.duties,
  CASE WHEN s.factor_at IS NOT NULL THEN 'signed-in'
       WHEN EXISTS (SELECT 1 FROM staff_factors f WHERE f.staff_id = a.id) THEN 'factor'
       ELSE 'enrol' END AS step,
  floor(extract(epoch FROM now() - s.factor_at))::int AS "factorAgeSeconds",
  json_build_object(
    'passkey', EXISTS (SELECT 1 FROM staff_factors f WHERE f.staff_id = a.id AND f.kind = 'passkey'),
    'app', EXISTS (SELECT 1 FROM staff_factors f WHERE f.staff_id = a.id AND f.kind = 'totp'),
    'recoveryCodes', (SELECT count(*)::int FROM staff_recovery_codes c WHERE c.staff_id = a.id AND c.used_at IS NULL)
  ) AS factors,
  s.passkey_challenge AS "passkeyChallenge", s.pending_totp_secret AS "pendingAppSecret"`;

async function openSession(tx: Queryable, staffId: string, hours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 hour')`,
    [nonceHash(token), staffId, hours],
  );
  return token;
}

/** Queues a link to set the account's password (an invitation, or a reset), in the caller's transaction. */
async function sendPasswordLink(
  tx: Queryable,
  account: { id: string; email: string; name: string },
  kind: 'invitation' | 'reset',
  by: string,
  origin: string,
): Promise<void> {
  const { nonce, hash } = linkNonce();
  await tx.query(`UPDATE staff_password_links SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL`, [
    account.id,
  ]);
  await tx.query(`INSERT INTO staff_password_links (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)`, [
    hash,
    account.id,
    new Date(Date.now() + STAFF_PASSWORD_LINK_VALID_MS).toISOString(),
  ]);
  await enqueueEmail(tx, {
    kind: 'staff-password',
    to: account.email,
    ...staffPasswordEmail(origin, { kind, name: account.name, by, token: nonce }),
  });
}

/** An invited account (no password yet) and the link to set one, in the caller's transaction; null if the address has one. */
async function insertInvitation(
  tx: Queryable,
  by: string,
  invitee: { email: string; name: string; role: StaffRole },
  origin: string,
): Promise<StaffAccountRow | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO staff_accounts (email, name, role, invited_by) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id::text`,
    [invitee.email, invitee.name, invitee.role, by],
  );
  const id = rows[0]?.id;
  if (!id) return null;
  await sendPasswordLink(tx, { id, ...invitee }, 'invitation', by, origin);
  await logStaffAction(tx, by, 'invited', `${invitee.email} as ${invitee.role}`);
  return {
    id,
    ...invitee,
    duties: [],
    status: 'invited',
    factors: 0,
    factorLocked: false,
    invitedBy: by,
    createdAt: new Date().toISOString(),
  };
}

/** What an administrator may change of another account. */
export type StaffAccountChange =
  | { role: StaffRole }
  | { duties: StaffDuty[] }
  | { disabled: boolean }
  | { factorsUnlocked: true }
  | { passwordLinkFrom: string };

/** Applies an administrator's change to a locked account row, in the caller's transaction, and logs it. */
async function applyAccountChange(
  tx: Queryable,
  by: string,
  account: { id: string; email: string; name: string; role: StaffRole },
  change: StaffAccountChange,
): Promise<void> {
  if ('role' in change) {
    await tx.query(`UPDATE staff_accounts SET role = $2 WHERE id = $1`, [account.id, change.role]);
    await logStaffAction(tx, by, 'role-changed', `${account.email}: ${account.role} to ${change.role}`);
  } else if ('duties' in change) {
    const duties = [...new Set(change.duties)];
    await tx.query(`UPDATE staff_accounts SET duties = $2::text[] WHERE id = $1`, [account.id, duties]);
    await logStaffAction(tx, by, 'duties-changed', `${account.email}: ${duties.join(', ') || 'none'}`);
  } else if ('disabled' in change) {
    await tx.query(`UPDATE staff_accounts SET disabled_at = CASE WHEN $2 THEN now() END WHERE id = $1`, [
      account.id,
      change.disabled,
    ]);
    if (change.disabled) await tx.query(`DELETE FROM staff_sessions WHERE staff_id = $1`, [account.id]);
    await logStaffAction(tx, by, change.disabled ? 'disabled' : 'enabled', account.email);
  } else if ('factorsUnlocked' in change) {
    await tx.query(
      `UPDATE staff_accounts SET factor_failures = 0, factor_failed_at = NULL, factor_locked_at = NULL WHERE id = $1`,
      [account.id],
    );
    await logStaffAction(tx, by, 'factor-unlocked', account.email);
  } else {
    await sendPasswordLink(tx, account, 'reset', by, change.passwordLinkFrom);
    await logStaffAction(tx, by, 'invited', `${account.email}: a new password link`);
  }
}

/**
 * Staff accounts, their passwords and their sessions. An account is made by `npm run staff` (the
 * first administrator) or by an administrator's invitation; it signs in with its password, then
 * its second factor (second-factors.ts).
 */
export function staffAccounts(
  db: Database,
  passwords: PasswordHasher,
  // The limits are the configuration's (STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES).
  { limits, onEmailQueued = () => {} }: { limits: StaffSessionLimits; onEmailQueued?: () => void },
) {
  return {
    log: (staffEmail: string, action: StaffAccessAction, detail: string | null = null) =>
      logStaffAction(db, staffEmail, action, detail),

    /** The first administrator's account (`npm run staff`), with a generated password returned once. */
    async create(email: string, name: string, role: StaffRole): Promise<string> {
      const password = randomBytes(18).toString('base64url');
      await db.query(`INSERT INTO staff_accounts (email, name, role, password_hash) VALUES ($1, $2, $3, $4)`, [
        email.trim().toLowerCase(),
        name.trim(),
        role,
        await passwords.hash(password),
      ]);
      return password;
    },

    async list(): Promise<StaffAccountRow[]> {
      const { rows } = await db.query<StaffAccountRow>(
        `SELECT a.id::text, a.email, a.name, a.role, a.duties,
                CASE WHEN a.disabled_at IS NOT NULL THEN 'disabled' WHEN a.password_hash IS NULL THEN 'invited' ELSE 'active' END AS status,
                (SELECT count(*)::int FROM staff_factors f WHERE f.staff_id = a.id) AS factors,
                a.factor_locked_at IS NOT NULL AS "factorLocked",
                a.invited_by AS "invitedBy", a.created_at::text AS "createdAt"
           FROM staff_accounts a ORDER BY a.disabled_at IS NOT NULL, a.email`,
      );
      return rows;
    },

    /** Removes an account and ends its sessions; its entries in the access log stay. */
    async remove(email: string): Promise<boolean> {
      const { rows } = await db.query(`DELETE FROM staff_accounts WHERE email = $1 RETURNING 1`, [
        email.trim().toLowerCase(),
      ]);
      return rows.length > 0;
    },

    /** Invites someone by email: an account without a password, and a link to set one. Null if the address has an account. */
    async invite(
      by: string,
      invitee: { email: string; name: string; role: StaffRole },
      origin: string,
    ): Promise<StaffAccountRow | null> {
      const invited = await db.transaction((tx) => insertInvitation(tx, by, invitee, origin));
      if (invited) onEmailQueued();
      return invited;
    },

    /**
     * An administrator's change to another account: its role, disabling it (its sessions end at
     * once) or enabling it again, or a new link to set its password (its second factors stay, and
     * are asked for at the next sign-in). False when there is no such account, or it is `by`'s own.
     */
    async change(by: string, accountId: string, change: StaffAccountChange): Promise<boolean> {
      if (!/^\d{1,18}$/.test(accountId)) return false;
      const changed = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; email: string; name: string; role: StaffRole }>(
          `SELECT id::text, email, name, role FROM staff_accounts WHERE id = $1 AND email <> $2 FOR UPDATE`,
          [accountId, by],
        );
        const account = rows[0];
        if (!account) return false;
        await applyAccountChange(tx, by, account, change);
        return true;
      });
      if (changed && 'passwordLinkFrom' in change) onEmailQueued();
      return changed;
    },

    /**
     * Sets the password of the account a link was sent to, and opens a session at its first step:
     * the second factor still to give (a reset never skips it), or to enrol (a new account).
     */
    async setPassword(token: string, password: string): Promise<string | null> {
      const passwordHash = await passwords.hash(password);
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; email: string }>(
          `UPDATE staff_accounts a SET password_hash = $2 FROM staff_password_links l
            WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND a.id = l.staff_id AND a.disabled_at IS NULL
            RETURNING a.id::text, a.email`,
          [nonceHash(token), passwordHash],
        );
        const account = rows[0];
        if (!account) return null;
        await tx.query(`UPDATE staff_password_links SET used_at = now() WHERE token_hash = $1`, [nonceHash(token)]);
        await tx.query(`DELETE FROM staff_sessions WHERE staff_id = $1`, [account.id]);
        await logStaffAction(tx, account.email, 'password-set');
        return openSession(tx, account.id, limits.hours);
      });
    },

    /** A new password for a signed-in staff member who gave the current one: their other sessions end. False when it is wrong. */
    async changePassword(
      staffId: string,
      keepSession: string,
      { currentPassword, password }: PasswordChange,
    ): Promise<boolean> {
      const { rows } = await db.query<{ password_hash: string | null; email: string }>(
        `SELECT password_hash, email FROM staff_accounts WHERE id = $1`,
        [staffId],
      );
      const account = rows[0];
      if (!account || !(await passwords.verify(account.password_hash, currentPassword))) return false;
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE staff_accounts SET password_hash = $2 WHERE id = $1`, [staffId, passwordHash]);
        await tx.query(`DELETE FROM staff_sessions WHERE staff_id = $1 AND token_hash <> $2`, [
          staffId,
          nonceHash(keepSession),
        ]);
        await logStaffAction(tx, account.email, 'password-set', 'changed while signed in');
      });
      return true;
    },

    /** A session token for the right email and password of an enabled account, else null (in the same time either way). */
    async signIn(email: string, password: string): Promise<string | null> {
      const { rows } = await db.query<{ id: string; password_hash: string | null }>(
        `SELECT id::text, password_hash FROM staff_accounts WHERE email = $1 AND disabled_at IS NULL`,
        [email],
      );
      const account = rows[0];
      if (!(await passwords.verify(account?.password_hash ?? null, password)) || !account) return null;
      return openSession(db, account.id, limits.hours);
    },

    /** The session's account and step, if the session is live; each look counts as activity. */
    async session(token: string): Promise<StaffSession | null> {
      if (!/^[\w-]{43}$/.test(token)) return null;
      const { rows } = await db.query<StaffSession>(
        `UPDATE staff_sessions s SET seen_at = now() FROM staff_accounts a WHERE a.id = s.staff_id AND ${LIVE_SESSION} RETURNING ${SESSION_COLUMNS}`,
        [nonceHash(token), limits.hours, limits.idleMinutes],
      );
      return rows[0] ?? null;
    },

    /**
     * Records that the session's holder gave their second factor just now, under a new token (the
     * one the password opened stops working): a session is renewed whenever it authenticates.
     */
    async factorGiven(token: string): Promise<string> {
      const renewed = randomBytes(32).toString('base64url');
      await db.query(
        `UPDATE staff_sessions SET token_hash = $2, factor_at = now(), passkey_challenge = NULL WHERE token_hash = $1`,
        [nonceHash(token), nonceHash(renewed)],
      );
      return renewed;
    },

    ...factorSteps(db, 'staff_sessions'),

    /** The account's open sessions, newest first; each named by the start of its token's hash, never the token. */
    async sessions(staffId: string, current: string): Promise<StaffSessionRow[]> {
      const { rows } = await db.query<StaffSessionRow>(
        `SELECT left(token_hash, 16) AS id, created_at::text AS "signedInAt", seen_at::text AS "lastSeenAt", token_hash = $2 AS current
           FROM staff_sessions WHERE staff_id = $1 AND expires_at > now() AND seen_at > now() - $3 * interval '1 minute'
          ORDER BY created_at DESC`,
        [staffId, nonceHash(current), limits.idleMinutes],
      );
      return rows;
    },

    /** Ends one of the account's other sessions (`id`), or all of them (`others`); never the current one. */
    async endSessions(staffId: string, current: string, which: { id: string } | 'others'): Promise<number> {
      const { rows } = await db.query(
        `DELETE FROM staff_sessions WHERE staff_id = $1 AND token_hash <> $2 AND ($3::text IS NULL OR left(token_hash, 16) = $3) RETURNING 1`,
        [staffId, nonceHash(current), which === 'others' ? null : which.id],
      );
      return rows.length;
    },

    async signOut(token: string): Promise<void> {
      await db.query(`DELETE FROM staff_sessions WHERE token_hash = $1`, [nonceHash(token)]);
    },
  };
}

export type StaffAccounts = ReturnType<typeof staffAccounts>;
