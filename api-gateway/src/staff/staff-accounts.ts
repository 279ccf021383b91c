import { randomBytes } from 'node:crypto';
import type { StaffMember, StaffRole } from '@party/shared-contracts';
import type { Queryable } from '../db/database.js';
import { nonceHash } from '../email/signed-links.js';
import type { PasswordHasher } from '../passwords/password-hash.js';

/** A staff session lasts a working day; the cookie lives as long. */
export const STAFF_SESSION_HOURS = 10;

export interface StaffSession extends StaffMember {
  id: string;
}

/** Staff accounts (made with `npm run staff`), their sign-in and their sessions. */
export function staffAccounts(db: Queryable, passwords: PasswordHasher) {
  return {
    /** A new account with a generated password, returned once. */
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

    async list(): Promise<Array<StaffMember & { createdAt: string }>> {
      const { rows } = await db.query<StaffMember & { createdAt: string }>(
        `SELECT email, name, role, created_at::text AS "createdAt" FROM staff_accounts ORDER BY email`,
      );
      return rows;
    },

    /** Removes an account and ends its sessions; its entries in the access log stay. */
    async remove(email: string): Promise<boolean> {
      const { rows } = await db.query(`DELETE FROM staff_accounts WHERE email = $1 RETURNING 1`, [email.trim().toLowerCase()]);
      return rows.length > 0;
    },

    /** A session token for the right email and password, else null (in the same time either way). */
    async signIn(email: string, password: string): Promise<string | null> {
      const { rows } = await db.query<{ id: string; password_hash: string }>(`SELECT id::text, password_hash FROM staff_accounts WHERE email = $1`, [email]);
      const account = rows[0];
      if (!(await passwords.verify(account?.password_hash ?? null, password)) || !account) return null;
      const token = randomBytes(32).toString('base64url');
      await db.query(`INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 hour')`, [
        nonceHash(token),
        account.id,
        STAFF_SESSION_HOURS,
      ]);
      return token;
    },

    async session(token: string): Promise<StaffSession | null> {
      if (!/^[\w-]{43}$/.test(token)) return null;
      const { rows } = await db.query<StaffSession>(
        `SELECT a.id::text, a.email, a.name, a.role FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [nonceHash(token)],
      );
      return rows[0] ?? null;
    },

    async signOut(token: string): Promise<void> {
      await db.query(`DELETE FROM staff_sessions WHERE token_hash = $1`, [nonceHash(token)]);
    },
  };
}

export type StaffAccounts = ReturnType<typeof staffAccounts>;
