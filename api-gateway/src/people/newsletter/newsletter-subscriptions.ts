import { legalDocumentVersions } from '@party/shared-contracts';
import { type Database, groupCommit, linkNonce, nonceHash, type SignedLinks } from '../../platform/index.js';
import { enqueueEmail, eraseOutboxRows, sqlOutboxKinds } from '../../platform/index.js';
import { CONFIRMATION_VALID_MS, confirmationEmail, welcomeEmail } from './newsletter-emails.js';

/** A pending address gets a new confirmation email at most this often, however often it is entered. */
const CONFIRMATION_RESEND_AFTER = '10 minutes';

/** The newsletter emails to the addresses `source` returns: erased with the sign-up. */
const eraseNewsletterEmailsTo = (source: string) =>
  eraseOutboxRows(
    `kind IN (${sqlOutboxKinds('newsletter-confirmation', 'newsletter-welcome', 'newsletter-issue')}) AND recipient IN (SELECT email FROM ${source})`,
  );

export interface NewsletterSubscriptions {
  /** Records a sign-up as pending and queues its confirmation email; says nothing of the address. */
  subscribe(email: string, origin: string): Promise<void>;
  /** Confirms the address a confirmation link was sent to; false if the link is not (or no longer) good. */
  confirm(token: string, origin: string): Promise<boolean>;
  /** Deletes the address an unsubscribe link names; false only for a link that is not genuine. */
  unsubscribe(token: string): Promise<boolean>;
  /** Deletes sign-ups never confirmed whose link expired before `now` (the privacy policy's promise). */
  expireUnconfirmed(now: Date): Promise<number>;
}

interface SignUp {
  email: string;
  tokenHash: string;
  expiresAt: string;
  subject: string;
  text: string;
  html: string;
}

export function newsletterSubscriptions(
  db: Database,
  links: SignedLinks,
  onEmailQueued: () => void,
): NewsletterSubscriptions {
  // One statement per batch: the sign-up and its email are written together or not at all. A
  // confirmed address, or a pending one emailed in the last minutes, gets no new email, and the
  // answer is the same (only the owner of the mailbox learns anything).
  const signUps = groupCommit<SignUp>(async (rows) => {
    await db.query(
      `WITH input AS (
         SELECT DISTINCT ON (email) *
           FROM jsonb_to_recordset($1::jsonb) AS r(email text, "tokenHash" text, "expiresAt" timestamptz, subject text, text text, html text)
          ORDER BY email
       ),
       upserted AS (
         INSERT INTO newsletter_subscriptions AS s (email, confirmation_token_hash, confirmation_expires_at, confirmation_sent_at)
         SELECT email, "tokenHash", "expiresAt", now() FROM input
         ON CONFLICT (email) DO UPDATE SET
           last_requested_at = now(),
           confirmation_token_hash = CASE WHEN s.status = 'pending' AND (s.confirmation_sent_at IS NULL OR s.confirmation_sent_at < now() - $2::interval)
                                          THEN excluded.confirmation_token_hash ELSE s.confirmation_token_hash END,
           confirmation_expires_at = CASE WHEN s.status = 'pending' AND (s.confirmation_sent_at IS NULL OR s.confirmation_sent_at < now() - $2::interval)
                                          THEN excluded.confirmation_expires_at ELSE s.confirmation_expires_at END,
           confirmation_sent_at = CASE WHEN s.status = 'pending' AND (s.confirmation_sent_at IS NULL OR s.confirmation_sent_at < now() - $2::interval)
                                       THEN now() ELSE s.confirmation_sent_at END
         RETURNING s.email, s.confirmation_token_hash
       )
       INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       SELECT ${sqlOutboxKinds('newsletter-confirmation')}, input.email, input.subject, input.text, input.html
         FROM upserted JOIN input ON input.email = upserted.email AND input."tokenHash" = upserted.confirmation_token_hash`,
      [JSON.stringify(rows), CONFIRMATION_RESEND_AFTER],
    );
    onEmailQueued();
  });

  return {
    subscribe(email, origin) {
      const { nonce, hash } = linkNonce();
      const expiresAt = new Date(Date.now() + CONFIRMATION_VALID_MS);
      const message = confirmationEmail(origin, links.sign('newsletter-confirm', nonce, expiresAt));
      return signUps({ email, tokenHash: hash, expiresAt: expiresAt.toISOString(), ...message });
    },

    async confirm(token, origin) {
      const nonce = links.verify('newsletter-confirm', token);
      if (!nonce) return false;
      const confirmed = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; email: string }>(
          `UPDATE newsletter_subscriptions
              SET status = 'confirmed', confirmed_at = now(), confirmation_token_hash = NULL, confirmation_expires_at = NULL
            WHERE confirmation_token_hash = $1 AND status = 'pending' AND confirmation_expires_at > now()
            RETURNING id::text, email`,
          [nonceHash(nonce)],
        );
        const subscription = rows[0];
        if (!subscription) return false;
        await tx.query(
          `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'newsletter', 'privacy-policy', $2)`,
          [subscription.email, legalDocumentVersions['privacy-policy']],
        );
        const welcome = welcomeEmail(origin, links.sign('newsletter-unsubscribe', subscription.id, null));
        await enqueueEmail(tx, { kind: 'newsletter-welcome', to: subscription.email, ...welcome });
        return true;
      });
      if (confirmed) onEmailQueued();
      return confirmed;
    },

    async unsubscribe(token) {
      const id = links.verify('newsletter-unsubscribe', token);
      if (!id || !/^\d{1,18}$/.test(id)) return false;
      // The privacy policy: an address is deleted when it unsubscribes.
      await db.query(
        `WITH removed AS (DELETE FROM newsletter_subscriptions WHERE id = $1 RETURNING email),
              consent AS (DELETE FROM consent_records WHERE form = 'newsletter' AND email IN (SELECT email FROM removed))
         ${eraseNewsletterEmailsTo('removed')}`,
        [id],
      );
      return true;
    },

    async expireUnconfirmed(now) {
      const { rows } = await db.query<{ email: string }>(
        `WITH expired AS (
           DELETE FROM newsletter_subscriptions
            WHERE status = 'pending' AND coalesce(confirmation_expires_at, last_requested_at + $2::interval) < $1
            RETURNING email
         ), erased AS (${eraseNewsletterEmailsTo('expired')})
         SELECT email FROM expired`,
        [now.toISOString(), `${CONFIRMATION_VALID_MS} milliseconds`],
      );
      return rows.length;
    },
  };
}
