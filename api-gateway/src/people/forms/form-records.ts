import {
  legalDocumentVersions,
  type ContactMessage,
  type MembershipRegistration,
  type NewsletterSubscription,
  type VolunteerSignup,
} from '@party/shared-contracts';
import { groupCommit, type Queryable } from '../../platform/index.js';
import type { MemberRegistrations } from '../members/member-registrations.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { contactMessageEmail } from './contact-message-email.js';
import { sqlOutboxKinds } from '../../platform/index.js';

// Each batch of submissions is one statement, so a failure leaves nothing half-written; rows travel
// as one JSON array (jsonb_to_recordset), which PGlite and PostgreSQL read alike.

/** Saves each form; `origin` is the site's, for the links in the emails a form sends. */
export interface FormRecords {
  saveContactMessage(form: ContactMessage, origin: string): Promise<void>;
  saveNewsletterSubscription(form: NewsletterSubscription, origin: string): Promise<void>;
  saveMembershipRegistration(form: MembershipRegistration, origin: string): Promise<void>;
  saveVolunteerSignup(form: VolunteerSignup): Promise<void>;
}

interface FormEmail {
  /** Where the party reads contact messages. */
  partyInbox: string;
  newsletter: NewsletterSubscriptions;
  members: MemberRegistrations;
  onEmailQueued: () => void;
}

type ContactRow = Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'> & {
  mail: { subject: string; text: string; html: string };
};

const PRIVACY_POLICY = legalDocumentVersions['privacy-policy'];

export function formRecords(db: Queryable, { partyInbox, newsletter, members, onEmailQueued }: FormEmail): FormRecords {
  // The message, its consent record and its email to the party's inbox are one statement: all are
  // stored, or none.
  const contact = groupCommit<ContactRow>(async (rows) => {
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(name text, email text, subject text, message text, mail jsonb)
       ), saved AS (
         INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at)
         SELECT name, email, subject, message, now() FROM input
       ), consent AS (
         INSERT INTO consent_records (email, form, document, document_version)
         SELECT email, 'contact', 'privacy-policy', $3 FROM input
       )
       INSERT INTO outbox_messages (kind, recipient, reply_to, subject, text_body, html_body)
       SELECT ${sqlOutboxKinds('contact-message')}, $2, email, mail->>'subject', mail->>'text', mail->>'html' FROM input`,
      [JSON.stringify(rows), partyInbox, PRIVACY_POLICY],
    );
    onEmailQueued();
  });

  const volunteers = groupCommit<Pick<VolunteerSignup, 'name' | 'email' | 'interests' | 'availability'>>(
    async (rows) => {
      await db.query(
        `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(name text, email text, interests text[], availability text)
       ), consent AS (
         INSERT INTO consent_records (email, form, document, document_version)
         SELECT email, 'volunteer', 'privacy-policy', $2 FROM input
       )
       INSERT INTO volunteer_signups (name, email, interests, availability, privacy_consented_at)
       SELECT name, email, interests, availability, now() FROM input`,
        [JSON.stringify(rows), PRIVACY_POLICY],
      );
    },
  );

  return {
    saveContactMessage: ({ name, email, subject, message }, origin) =>
      contact({ name, email, subject, message, mail: contactMessageEmail({ name, email, subject, message }, origin) }),
    saveNewsletterSubscription: ({ email }, origin) => newsletter.subscribe(email, origin),
    saveMembershipRegistration: (registration, origin) => members.register(registration, origin),
    saveVolunteerSignup: ({ name, email, interests, availability }) =>
      volunteers({ name, email, interests, availability }),
  };
}
