import type { ContactMessage, MembershipRegistration, NewsletterSubscription, VolunteerSignup } from '@party/shared-contracts';
import type { Queryable } from '../db/database.js';
import { groupCommit } from '../db/group-commit.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { contactMessageEmail } from './contact-message-email.js';
import type { HashPassword } from './password-hash.js';

// Each batch of submissions is one statement, so a failure leaves nothing half-written; rows travel
// as one JSON array (jsonb_to_recordset), which PGlite and PostgreSQL read alike.

/** Saves each form; `origin` is the site's, for the links in the emails a form sends. */
export interface FormRecords {
  saveContactMessage(form: ContactMessage, origin: string): Promise<void>;
  saveNewsletterSubscription(form: NewsletterSubscription, origin: string): Promise<void>;
  saveMembershipRegistration(form: MembershipRegistration): Promise<void>;
  saveVolunteerSignup(form: VolunteerSignup): Promise<void>;
}

interface FormEmail {
  /** Where the party reads contact messages. */
  partyInbox: string;
  newsletter: NewsletterSubscriptions;
  onEmailQueued: () => void;
}

type ContactRow = Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'> & { mail: { subject: string; text: string; html: string } };

export function formRecords(db: Queryable, hashPassword: HashPassword, { partyInbox, newsletter, onEmailQueued }: FormEmail): FormRecords {
  // The message and its email to the party's inbox are one statement: both are stored, or neither.
  const contact = groupCommit<ContactRow>(async (rows) => {
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(name text, email text, subject text, message text, mail jsonb)
       ), saved AS (
         INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at)
         SELECT name, email, subject, message, now() FROM input
       )
       INSERT INTO outbox_messages (kind, recipient, reply_to, subject, text_body, html_body)
       SELECT 'contact-message', $2, email, mail->>'subject', mail->>'text', mail->>'html' FROM input`,
      [JSON.stringify(rows), partyInbox],
    );
    onEmailQueued();
  });

  // A registration for an email that is already a member keeps the first record but for the time
  // of this attempt, so that neither the answer nor its timing tells the caller who is one.
  const members = groupCommit<Omit<MembershipRegistration, 'password' | 'agreeToTerms'> & { passwordHash: string }>(async (rows) => {
    await db.query(
      `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code,
                            membership_tier, terms_accepted_at)
       SELECT DISTINCT ON (email) "firstName", "lastName", email, "passwordHash", address, city, state, zip, "membershipTier", now()
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS ("firstName" text, "lastName" text, email text, "passwordHash" text,
                         address text, city text, state text, zip text, "membershipTier" text))
              WITH ORDINALITY AS r("firstName", "lastName", email, "passwordHash", address, city, state, zip, "membershipTier", position)
        ORDER BY email, position
       ON CONFLICT (email) DO UPDATE SET last_registration_attempt_at = now()`,
      [JSON.stringify(rows)],
    );
  });

  const volunteers = groupCommit<Pick<VolunteerSignup, 'name' | 'email' | 'interests' | 'availability'>>(async (rows) => {
    await db.query(
      `INSERT INTO volunteer_signups (name, email, interests, availability, privacy_consented_at)
       SELECT name, email, interests, availability, now()
         FROM jsonb_to_recordset($1::jsonb) AS r(name text, email text, interests text[], availability text)`,
      [JSON.stringify(rows)],
    );
  });

  return {
    saveContactMessage: ({ name, email, subject, message }, origin) =>
      contact({ name, email, subject, message, mail: contactMessageEmail({ name, email, subject, message }, origin) }),
    saveNewsletterSubscription: ({ email }, origin) => newsletter.subscribe(email, origin),
    // The password is hashed even for an existing member: the same work either way.
    saveMembershipRegistration: async ({ password, agreeToTerms: _agreed, ...registration }) =>
      members({ ...registration, passwordHash: await hashPassword(password) }),
    saveVolunteerSignup: ({ name, email, interests, availability }) => volunteers({ name, email, interests, availability }),
  };
}
