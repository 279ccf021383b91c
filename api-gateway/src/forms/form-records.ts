import type { ContactMessage, MembershipRegistration, NewsletterSubscription, VolunteerSignup } from '@party/shared-contracts';
import type { Queryable } from '../db/database.js';
import { groupCommit } from '../db/group-commit.js';
import type { HashPassword } from './password-hash.js';

// Each batch of submissions is one statement, so a failure leaves nothing half-written; rows travel
// as one JSON array (jsonb_to_recordset), which PGlite and PostgreSQL read alike.

export interface FormRecords {
  saveContactMessage(form: ContactMessage): Promise<void>;
  saveNewsletterSubscription(form: NewsletterSubscription): Promise<void>;
  saveMembershipRegistration(form: MembershipRegistration): Promise<void>;
  saveVolunteerSignup(form: VolunteerSignup): Promise<void>;
}

export function formRecords(db: Queryable, hashPassword: HashPassword): FormRecords {
  const contact = groupCommit<Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'>>(async (rows) => {
    await db.query(
      `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at)
       SELECT name, email, subject, message, now()
         FROM jsonb_to_recordset($1::jsonb) AS r(name text, email text, subject text, message text)`,
      [JSON.stringify(rows)],
    );
  });

  // An address already subscribed keeps its subscription: no second row, and no sign of it in the
  // answer or its timing (a repeat writes its request time, as much work as a first sign-up).
  const newsletter = groupCommit<string>(async (emails) => {
    await db.query(
      `INSERT INTO newsletter_subscriptions (email)
       SELECT DISTINCT email FROM jsonb_array_elements_text($1::jsonb) AS e(email)
       ON CONFLICT (email) DO UPDATE SET last_requested_at = now()`,
      [JSON.stringify(emails)],
    );
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
    saveContactMessage: ({ name, email, subject, message }) => contact({ name, email, subject, message }),
    saveNewsletterSubscription: ({ email }) => newsletter(email),
    // The password is hashed even for an existing member: the same work either way.
    saveMembershipRegistration: async ({ password, agreeToTerms: _agreed, ...registration }) =>
      members({ ...registration, passwordHash: await hashPassword(password) }),
    saveVolunteerSignup: ({ name, email, interests, availability }) => volunteers({ name, email, interests, availability }),
  };
}
