import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { nonceHash } from '../email/signed-links.js';

const SESSION_DAYS = 14;
/** A session older than this gets a new token on its next use (the old one stops working). */
const ROTATE_AFTER_MS = 24 * 60 * 60_000;

export interface MemberSession {
  memberId: string;
  /** A new token to set, when the session was rotated. */
  renewedToken: string | null;
}

/** Sessions of signed-in members: the cookie holds a random token, the database its SHA-256. */
export function memberSessions(db: Queryable) {
  async function start(tx: Queryable, memberId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO member_sessions (token_hash, member_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 day')`,
      [nonceHash(token), memberId, SESSION_DAYS],
    );
    return token;
  }

  return {
    start: (memberId: string, tx: Queryable = db) => start(tx, memberId),

    /** The member a token signs in, rotating a session that has lived a day; null when none. */
    async find(token: string): Promise<MemberSession | null> {
      if (!/^[\w-]{43}$/.test(token)) return null;
      const { rows } = await db.query<{ member_id: string; age_ms: number }>(
        `SELECT member_id::text, (extract(epoch FROM now() - created_at) * 1000)::bigint AS age_ms
           FROM member_sessions WHERE token_hash = $1 AND expires_at > now()`,
        [nonceHash(token)],
      );
      const session = rows[0];
      if (!session) return null;
      if (Number(session.age_ms) < ROTATE_AFTER_MS) return { memberId: session.member_id, renewedToken: null };
      const { rows: ended } = await db.query(`DELETE FROM member_sessions WHERE token_hash = $1 RETURNING 1`, [nonceHash(token)]);
      // Another request rotated it at the same moment: this one is not signed in.
      if (ended.length === 0) return null;
      return { memberId: session.member_id, renewedToken: await start(db, session.member_id) };
    },

    async end(token: string): Promise<void> {
      await db.query(`DELETE FROM member_sessions WHERE token_hash = $1`, [nonceHash(token)]);
    },
  };
}

export type MemberSessions = ReturnType<typeof memberSessions>;
