import type { MemberAccount, MembershipTierId } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import { eraseOutboxRows } from '../email/outbox.js';
import { nonceHash, type SignedLinks } from '../email/signed-links.js';
import type { PasswordHasher } from '../passwords/password-hash.js';
import type { MemberSessions } from './member-sessions.js';

/** Every email to or from a person ($1), erased with their account. */
const ERASE_EMAILS_OF = eraseOutboxRows('recipient = $1 OR reply_to = $1');

export type ConfirmationOutcome = { kind: 'confirmed'; sessionToken: string } | { kind: 'wrong-password' } | { kind: 'link-not-valid' };

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
      if (!(await passwords.verify(member?.password_hash ?? null, password))) return member ? { kind: 'wrong-password' } : { kind: 'link-not-valid' };
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

    /** A session for a confirmed member (active or cancelled) whose password matches; null otherwise. */
    async signIn(email: string, password: string): Promise<string | null> {
      const { rows } = await db.query<{ id: string; password_hash: string }>(
        `SELECT id::text, password_hash FROM members WHERE email = $1 AND status IN ('active', 'cancelled')`,
        [email],
      );
      const member = rows[0];
      if (!(await passwords.verify(member?.password_hash ?? null, password)) || !member) return null;
      return sessions.start(member.id);
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
      await db.query(`UPDATE members SET membership_tier = $2, status = 'active', cancelled_at = NULL WHERE id = $1`, [memberId, tier]);
    },

    async cancel(memberId: string): Promise<void> {
      await db.query(`UPDATE members SET status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()) WHERE id = $1`, [memberId]);
    },

    /** Everything held about the member, by their email, as one JSON document. */
    async exportData(memberId: string): Promise<Record<string, unknown> | null> {
      const email = await emailOf(memberId);
      if (!email) return null;
      const all = async (sql: string) => (await db.query<Record<string, unknown>>(sql, [email])).rows;
      const [membership] = await all(
        `SELECT first_name, last_name, email, address, city, region, postal_code, membership_tier, status,
                terms_accepted_at, confirmed_at, cancelled_at, created_at, last_registration_attempt_at
           FROM members WHERE email = $1`,
      );
      return {
        exportedAt: new Date().toISOString(),
        about: 'Everything The Refoundation Party holds about you. Your password is kept only as a one-way hash, which is not included.',
        membership,
        consentRecords: await all(`SELECT form, document, document_version, agreed_at FROM consent_records WHERE email = $1 ORDER BY agreed_at`),
        newsletterSubscription: (await all(`SELECT email, status, created_at, confirmed_at FROM newsletter_subscriptions WHERE email = $1`))[0] ?? null,
        contactMessages: await all(`SELECT subject, message, privacy_consented_at, created_at FROM contact_messages WHERE email = $1 ORDER BY created_at`),
        volunteerSignups: await all(`SELECT interests, availability, privacy_consented_at, created_at FROM volunteer_signups WHERE email = $1 ORDER BY created_at`),
        eventRegistrations: await all(`SELECT event_id, name, privacy_consented_at, created_at FROM event_registrations WHERE email = $1 ORDER BY created_at`),
        donations: await all(
          `SELECT p.created_at AS pledged_at, p.chain_id, p.sender, p.amount_wei::text AS amount_wei, p.declaration, p.rules_profile,
                  d.tx_hash, d.status, d.value::text AS value, d.currency, d.received_at
             FROM donation_pledges p LEFT JOIN donations d ON d.pledge_id = p.id
            WHERE p.email = $1 ORDER BY p.created_at`,
        ),
        emailsSentToYou: await all(`SELECT kind, subject, status, created_at, sent_at FROM outbox_messages WHERE recipient = $1 ORDER BY created_at`),
        activeSessions: (await db.query(`SELECT created_at, expires_at FROM member_sessions WHERE member_id = $1`, [memberId])).rows,
      };
    },

    /**
     * Erases every personal record held under the member's email, in one transaction. A donation the
     * party received keeps the declaration election law requires (name, address, occupation,
     * employer) and loses the email address; a pledge never fulfilled, or a donation that never
     * arrived, goes whole.
     */
    async erase(memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string }>(`DELETE FROM members WHERE id = $1 RETURNING email`, [memberId]);
        const email = rows[0]?.email;
        if (!email) return;
        for (const table of ['consent_records', 'newsletter_subscriptions', 'contact_messages', 'volunteer_signups', 'event_registrations']) {
          await tx.query(`DELETE FROM ${table} WHERE email = $1`, [email]);
        }
        await tx.query(
          `DELETE FROM donations WHERE status = 'dropped' AND pledge_id IN (SELECT id FROM donation_pledges WHERE email = $1)`,
          [email],
        );
        await tx.query(`DELETE FROM donation_pledges p WHERE p.email = $1 AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)`, [email]);
        await tx.query(`UPDATE donation_pledges SET email = NULL, declaration = declaration - 'email' WHERE email = $1`, [email]);
        await tx.query(ERASE_EMAILS_OF, [email]);
      });
    },
  };
}

export type MemberAccounts = ReturnType<typeof memberAccounts>;
