import {
  type Database,
  groupCommit,
  type PasswordHasher,
  linkNonce,
  nonceHash,
  type SignedLinks,
} from '../../platform/index.js';
import { PASSWORD_RESET_VALID_MS, passwordResetEmail } from './member-emails.js';
import type { MemberSessions, MemberSignIn } from './member-sessions.js';
import { sqlOutboxKinds } from '../../platform/index.js';

/** A member gets a reset email at most this often, however often it is asked for. */
const RESEND_AFTER = '10 minutes';

interface ResetRequest {
  email: string;
  tokenHash: string;
  expiresAt: string;
  mail: { subject: string; text: string; html: string };
}

/** Forgotten passwords: a single-use link by email, then a new password that ends every session. */
export function passwordResets(
  db: Database,
  passwords: PasswordHasher,
  links: SignedLinks,
  sessions: MemberSessions,
  onEmailQueued: () => void,
) {
  // The answer is the same for any address: only a confirmed member's gets an email.
  const requests = groupCommit<ResetRequest>(async (rows) => {
    await db.query(
      `WITH input AS (
         SELECT DISTINCT ON (email) * FROM jsonb_to_recordset($1::jsonb) AS r(email text, "tokenHash" text, "expiresAt" timestamptz, mail jsonb) ORDER BY email
       ), marked AS (
         UPDATE members AS m SET reset_token_hash = input."tokenHash", reset_expires_at = input."expiresAt", reset_sent_at = now()
           FROM input
          WHERE m.email = input.email AND m.status IN ('active', 'cancelled')
            AND (m.reset_sent_at IS NULL OR m.reset_sent_at < now() - $2::interval)
          RETURNING m.email
       )
       INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       SELECT ${sqlOutboxKinds('password-reset')}, input.email, mail->>'subject', mail->>'text', mail->>'html' FROM marked JOIN input USING (email)`,
      [JSON.stringify(rows), RESEND_AFTER],
    );
    onEmailQueued();
  });

  return {
    request(email: string, origin: string): Promise<void> {
      const { nonce, hash } = linkNonce();
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALID_MS);
      return requests({
        email,
        tokenHash: hash,
        expiresAt: expiresAt.toISOString(),
        mail: passwordResetEmail(origin, links.sign('password-reset', nonce, expiresAt)),
      });
    },

    /**
     * Sets the new password and signs the member in afresh (waiting for the second factor, if they
     * have one: a reset never skips it); null when the link is not (or no longer) good. It lifts a
     * lock on the second factor, never the count of wrong ones (factor-attempts.ts).
     */
    async reset(token: string, password: string): Promise<MemberSignIn | null> {
      const nonce = links.verify('password-reset', token);
      if (!nonce) return null;
      const passwordHash = await passwords.hash(password);
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; has_factor: boolean; has_passkey: boolean }>(
          `UPDATE members SET password_hash = $2, reset_token_hash = NULL, reset_expires_at = NULL, factor_locked_at = NULL
            WHERE reset_token_hash = $1 AND reset_expires_at > now() AND status IN ('active', 'cancelled')
            RETURNING id::text, EXISTS (SELECT 1 FROM member_factors f WHERE f.member_id = members.id) AS has_factor,
                EXISTS (SELECT 1 FROM member_factors f WHERE f.member_id = members.id AND f.kind = 'passkey') AS has_passkey`,
          [nonceHash(nonce), passwordHash],
        );
        const member = rows[0];
        if (!member) return null;
        await tx.query(`DELETE FROM member_sessions WHERE member_id = $1`, [member.id]);
        return {
          token: await sessions.start(member.id, tx, member.has_factor),
          factorPending: member.has_factor,
          passkey: member.has_passkey,
        };
      });
    },
  };
}

export type PasswordResets = ReturnType<typeof passwordResets>;
