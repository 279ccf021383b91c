import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/index.js';
import { nonceHash } from '../../platform/index.js';
import { factorSteps } from '../second-factors/second-factors.js';

const SESSION_DAYS = 14;
/** A session older than this gets a new token on its next use (the old one stops working). */
const ROTATE_AFTER_MS = 24 * 60 * 60_000;
/** A session that has given only its password lasts this long: enough to give the second factor. */
const FACTOR_PENDING_MINUTES = 10;

/** A password accepted: the session, and whether (and how) it must still give its second factor. */
export interface MemberSignIn {
  token: string;
  factorPending: boolean;
  passkey: boolean;
}

export interface MemberSession {
  memberId: string;
  /** A new token to set, when the session was rotated. */
  renewedToken: string | null;
  /** Whether it has given its password but not yet its second factor. */
  factorPending: boolean;
  /** Seconds since it last signed in fully (a change of factors needs it recent). */
  verifiedAgeSeconds: number;
  passkeyChallenge: string | null;
  pendingAppSecret: string | null;
}

/** Sessions of signed-in members: the cookie holds a random token, the database its SHA-256. */
export function memberSessions(db: Queryable) {
  async function start(
    tx: Queryable,
    memberId: string,
    { factorPending = false, verifiedAt = null }: { factorPending?: boolean; verifiedAt?: string | null } = {},
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO member_sessions (token_hash, member_id, expires_at, factor_pending, verified_at)
       VALUES ($1, $2, now() + $3 * interval '1 day', $4, coalesce($5::timestamptz, now()))`,
      [nonceHash(token), memberId, SESSION_DAYS, factorPending, verifiedAt],
    );
    return token;
  }

  return {
    /** A new session: signed in, or (for a member with a second factor) waiting for it. */
    start: (memberId: string, tx: Queryable = db, factorPending = false) => start(tx, memberId, { factorPending }),

    /**
     * The session a token holds, rotating a signed-in one that has lived a day; null when none. One
     * still waiting for its second factor says so (`factorPending`): it is not signed in.
     */
    async find(token: string): Promise<MemberSession | null> {
      if (!/^[\w-]{43}$/.test(token)) return null;
      const { rows } = await db.query<{
        member_id: string;
        age_ms: number;
        factor_pending: boolean;
        verified_at: string;
        verified_age: number;
        passkey_challenge: string | null;
        pending_totp_secret: string | null;
      }>(
        `SELECT member_id::text, (extract(epoch FROM now() - created_at) * 1000)::bigint AS age_ms, factor_pending, verified_at::text,
                floor(extract(epoch FROM now() - verified_at))::int AS verified_age, passkey_challenge, pending_totp_secret
           FROM member_sessions
          WHERE token_hash = $1 AND expires_at > now()
            AND (NOT factor_pending OR created_at > now() - interval '${FACTOR_PENDING_MINUTES} minutes')`,
        [nonceHash(token)],
      );
      const session = rows[0];
      if (!session) return null;
      const found = {
        memberId: session.member_id,
        factorPending: session.factor_pending,
        verifiedAgeSeconds: session.verified_age,
        passkeyChallenge: session.passkey_challenge,
        pendingAppSecret: session.pending_totp_secret,
      };
      if (found.factorPending || Number(session.age_ms) < ROTATE_AFTER_MS) return { ...found, renewedToken: null };
      const { rows: ended } = await db.query(`DELETE FROM member_sessions WHERE token_hash = $1 RETURNING 1`, [
        nonceHash(token),
      ]);
      // Another request rotated it at the same moment: this one is not signed in.
      if (ended.length === 0) return null;
      return { ...found, renewedToken: await start(db, session.member_id, { verifiedAt: session.verified_at }) };
    },

    /** The second factor given: the session is signed in, as of now, under a new token (the password's stops working). */
    async factorGiven(token: string): Promise<string> {
      const renewed = randomBytes(32).toString('base64url');
      await db.query(
        `UPDATE member_sessions SET token_hash = $2, factor_pending = false, verified_at = now(), passkey_challenge = NULL WHERE token_hash = $1`,
        [nonceHash(token), nonceHash(renewed)],
      );
      return renewed;
    },

    ...factorSteps(db, 'member_sessions'),

    async end(token: string): Promise<void> {
      await db.query(`DELETE FROM member_sessions WHERE token_hash = $1`, [nonceHash(token)]);
    },
  };
}

export type MemberSessions = ReturnType<typeof memberSessions>;
