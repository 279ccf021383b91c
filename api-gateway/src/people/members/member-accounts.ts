import type { MemberAccount, MembershipTierId, PasswordChange } from '@party/shared-contracts';
import type { Database, PasswordHasher, SignedLinks } from '../../platform/index.js';
import { nonceHash } from '../../platform/index.js';
import { erasePersonalData, personalDataOf } from '../personal-data/personal-data-register.js';
import type { MemberSessions, MemberSignIn } from './member-sessions.js';

export type ConfirmationOutcome =
  { kind: 'confirmed'; sessionToken: string } | { kind: 'wrong-password' } | { kind: 'link-not-valid' };

/** A confirmed member's own account: what they see, change, download and erase. */
export function memberAccounts(db: Database, passwords: PasswordHasher, links: SignedLinks, sessions: MemberSessions) {
  async function emailOf(memberId: string): Promise<string | null> {
    const { rows } = await db.query<{ email: string }>(`SELECT email FROM members WHERE id = $1`, [memberId]);
    return rows[0]?.email ?? null;
  }

  return {
    /**
     * Confirms a membership from its email: the link proves the mailbox, the password proves the
     * person who registered. Signs them in.
     */
    async confirm(token: string, password: string): Promise<ConfirmationOutcome> {
      const nonce = links.verify('membership-confirm', token);
      const { rows } = nonce
        ? await db.query<{ id: string; password_hash: string }>(
            `SELECT id::text, password_hash FROM members
              WHERE confirmation_token_hash = $1 AND status = 'pending' AND confirmation_expires_at > now()`,
            [nonceHash(nonce)],
          )
        : { rows: [] };
      const member = rows[0];
      if (!(await passwords.verify(member?.password_hash ?? null, password)))
        return member ? { kind: 'wrong-password' } : { kind: 'link-not-valid' };
      return db.transaction(async (tx) => {
        const activated = await tx.query(
          `UPDATE members SET status = 'active', confirmed_at = now(), confirmation_token_hash = NULL, confirmation_expires_at = NULL
            WHERE id = $1 AND status = 'pending' RETURNING 1`,
          [member!.id],
        );
        if (activated.rows.length === 0) return { kind: 'link-not-valid' } as const;
        return { kind: 'confirmed', sessionToken: await sessions.start(member!.id, tx) } as const;
      });
    },

    /**
     * A session for a confirmed member (active or cancelled) whose password matches, waiting for the
     * second factor when the member has one; null otherwise.
     */
    async signIn(email: string, password: string): Promise<MemberSignIn | null> {
      const { rows } = await db.query<{ id: string; password_hash: string; has_factor: boolean; has_passkey: boolean }>(
        `SELECT id::text, password_hash, EXISTS (SELECT 1 FROM member_factors f WHERE f.member_id = members.id) AS has_factor,
                EXISTS (SELECT 1 FROM member_factors f WHERE f.member_id = members.id AND f.kind = 'passkey') AS has_passkey
           FROM members WHERE email = $1 AND status IN ('active', 'cancelled')`,
        [email],
      );
      const member = rows[0];
      if (!(await passwords.verify(member?.password_hash ?? null, password)) || !member) return null;
      return {
        token: await sessions.start(member.id, db, member.has_factor),
        factorPending: member.has_factor,
        passkey: member.has_passkey,
      };
    },

    /**
     * A new password for a signed-in member who gave the current one: every other session of theirs
     * ends (this one stays). False when the current password is wrong.
     */
    async changePassword(
      memberId: string,
      keepSession: string,
      { currentPassword, password }: PasswordChange,
    ): Promise<boolean> {
      const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM members WHERE id = $1`, [
        memberId,
      ]);
      if (!rows[0] || !(await passwords.verify(rows[0].password_hash, currentPassword))) return false;
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE members SET password_hash = $2 WHERE id = $1`, [memberId, passwordHash]);
        await tx.query(`DELETE FROM member_sessions WHERE member_id = $1 AND token_hash <> $2`, [
          memberId,
          nonceHash(keepSession),
        ]);
      });
      return true;
    },

    async account(memberId: string): Promise<MemberAccount | null> {
      const { rows } = await db.query<MemberAccount>(
        `SELECT first_name AS "firstName", last_name AS "lastName", email, address, city, region, postal_code AS "postalCode",
                membership_tier AS "membershipTier", status, to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "memberSince",
                to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "cancelledAt"
           FROM members WHERE id = $1 AND status IN ('active', 'cancelled')`,
        [memberId],
      );
      return rows[0] ?? null;
    },

    /** A new tier; a cancelled membership that chooses one is active again. */
    async changeTier(memberId: string, tier: MembershipTierId): Promise<void> {
      await db.query(`UPDATE members SET membership_tier = $2, status = 'active', cancelled_at = NULL WHERE id = $1`, [
        memberId,
        tier,
      ]);
    },

    async cancel(memberId: string): Promise<void> {
      await db.query(
        `UPDATE members SET status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()) WHERE id = $1`,
        [memberId],
      );
    },

    /** Everything held about the member, by their email, as one JSON document (the register's sections). */
    async exportData(memberId: string): Promise<Record<string, unknown> | null> {
      const email = await emailOf(memberId);
      if (!email) return null;
      return personalDataOf(db, email);
    },

    /**
     * Erases, in one transaction, every personal record the register says may go under the member's
     * email; a donation the party received keeps the declaration election law requires.
     */
    async erase(memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string }>(`SELECT email FROM members WHERE id = $1 FOR UPDATE`, [
          memberId,
        ]);
        if (rows[0]) await erasePersonalData(tx, rows[0].email);
      });
    },
  };
}

export type MemberAccounts = ReturnType<typeof memberAccounts>;
