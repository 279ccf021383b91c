import type { ContactMessage, MembershipRegistration, NewsletterSubscription, VolunteerSignup } from '@party/shared-contracts';
import type { Queryable } from '../db/database.js';
import type { HashPassword } from './password-hash.js';

// Each submission is one statement, so a failure leaves nothing half-written.

export async function saveContactMessage(db: Queryable, { name, email, subject, message }: ContactMessage) {
  await db.query(
    `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at)
     VALUES ($1, $2, $3, $4, now())`,
    [name, email, subject, message],
  );
}

/**
 * An address already subscribed keeps its subscription: no second row, and no sign of it in the
 * answer or its timing (a repeat writes its request time, as much work as a first sign-up).
 */
export async function saveNewsletterSubscription(db: Queryable, { email }: NewsletterSubscription) {
  await db.query(
    `INSERT INTO newsletter_subscriptions (email) VALUES ($1)
     ON CONFLICT (email) DO UPDATE SET last_requested_at = now()`,
    [email],
  );
}

/**
 * Registers a member. The password is hashed, and a row written, even when the email is already a
 * member, so that neither the answer nor its timing tells the caller who is one; the existing
 * record keeps everything but the time of this attempt.
 */
export async function saveMembershipRegistration(db: Queryable, hashPassword: HashPassword, registration: MembershipRegistration) {
  const passwordHash = await hashPassword(registration.password);
  await db.query(
    `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code,
                          membership_tier, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (email) DO UPDATE SET last_registration_attempt_at = now()`,
    [
      registration.firstName,
      registration.lastName,
      registration.email,
      passwordHash,
      registration.address,
      registration.city,
      registration.state,
      registration.zip,
      registration.membershipTier,
    ],
  );
}

export async function saveVolunteerSignup(db: Queryable, { name, email, interests, availability }: VolunteerSignup) {
  await db.query(
    `INSERT INTO volunteer_signups (name, email, interests, availability, privacy_consented_at)
     VALUES ($1, $2, $3, $4, now())`,
    [name, email, interests, availability],
  );
}
