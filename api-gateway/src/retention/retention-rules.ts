import type { Queryable } from '../db/database.js';
import { eraseOutboxRows } from '../email/outbox.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';

/** Contact messages are kept this long after the last reply, or after they came if never answered (privacy policy: two years). */
const CONTACT_MESSAGES_KEPT = '2 years';
/** A cancelled membership is kept this long, so that its member can rejoin as they were (privacy policy: a year). */
const CANCELLED_MEMBERSHIPS_KEPT = '1 year';
/** Event registrations are kept this long (privacy policy: a year; every event is well over by then). */
const EVENT_REGISTRATIONS_KEPT = '1 year';
/**
 * A pledge no transaction fulfilled is kept this long, then deleted with its declaration (privacy
 * policy: a day): a donor who never gave leaves nothing behind.
 */
const UNFULFILLED_PLEDGES_KEPT = '1 day';

/**
 * Deletes the members `where` selects, with their membership consent records, and erases the
 * outbox rows (`emails`, a condition on them) sent to them; answers how many members went.
 */
const deleteMembers = (where: string, emails: string) => `
  WITH expired AS (
    DELETE FROM members WHERE ${where} RETURNING email
  ), consent AS (
    DELETE FROM consent_records WHERE form = 'membership' AND email IN (SELECT email FROM expired)
  ), erased AS (${eraseOutboxRows(`${emails} AND recipient IN (SELECT email FROM expired)`)})
  SELECT count(*)::integer AS n FROM expired`;

export interface RetentionReport {
  newsletterSignUps: number;
  memberRegistrations: number;
  cancelledMemberships: number;
  contactMessages: number;
  eventRegistrations: number;
  unfulfilledPledges: number;
  /** Declarations erased: of donations that never arrived (a day on), or kept as long as the law asks. */
  donationDeclarations: number;
  sessions: number;
}

export interface RetentionOptions {
  /** How long a received donation's declaration is kept (the donation rules'); null: no crypto donations. */
  donationRecordsKeptYears: number | null;
}

/**
 * What the privacy policy promises to delete, as of `now` (a moved clock in tests): newsletter
 * sign-ups and membership registrations never confirmed once their link expired, memberships a
 * year after they were cancelled, contact messages two years after the last reply, event
 * registrations after a year, donation pledges no transaction fulfilled after a day (with their
 * consent records, unless another pledge of the address stands), the declaration of a donation
 * that never arrived after a day and of one received once the law's records period is over, and
 * ended sessions. The outbox
 * keeps the status of their emails, not the address or contents.
 */
export async function applyRetention(db: Queryable, newsletter: NewsletterSubscriptions, now: Date, { donationRecordsKeptYears }: RetentionOptions): Promise<RetentionReport> {
  const at = now.toISOString();
  const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
  return {
    newsletterSignUps: await newsletter.expireUnconfirmed(now),
    memberRegistrations: await count(
      deleteMembers(`status = 'pending' AND coalesce(confirmation_expires_at, last_registration_attempt_at) < $1`, `kind LIKE 'membership-%'`),
      [at],
    ),
    cancelledMemberships: await count(
      deleteMembers(`status = 'cancelled' AND cancelled_at < $1::timestamptz - $2::interval`, `(kind LIKE 'membership-%' OR kind = 'password-reset')`),
      [at, CANCELLED_MEMBERSHIPS_KEPT],
    ),
    contactMessages: await count(
      `WITH expired AS (
         DELETE FROM contact_messages WHERE coalesce(answered_at, created_at) < $1::timestamptz - $2::interval RETURNING email
       ), erased AS (${eraseOutboxRows(`kind IN ('contact-message', 'staff-reply') AND created_at < $1::timestamptz - $2::interval`)})
       SELECT count(*)::integer AS n FROM expired`,
      [at, CONTACT_MESSAGES_KEPT],
    ),
    eventRegistrations: await count(
      `WITH expired AS (
         DELETE FROM event_registrations WHERE created_at < $1::timestamptz - $2::interval RETURNING 1
       ), consent AS (
         DELETE FROM consent_records WHERE form = 'event-registration' AND agreed_at < $1::timestamptz - $2::interval
       )
       SELECT count(*)::integer AS n FROM expired`,
      [at, EVENT_REGISTRATIONS_KEPT],
    ),
    unfulfilledPledges: await count(
      `WITH expired AS (
         DELETE FROM donation_pledges p
          WHERE p.created_at < $1::timestamptz - $2::interval AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)
         RETURNING p.id, p.email
       ), consent AS (
         DELETE FROM consent_records c
          WHERE c.form = 'donation' AND c.email IN (SELECT email FROM expired)
            AND NOT EXISTS (SELECT 1 FROM donation_pledges k WHERE k.email = c.email AND k.id NOT IN (SELECT id FROM expired))
       )
       SELECT count(*)::integer AS n FROM expired`,
      [at, UNFULFILLED_PLEDGES_KEPT],
    ),
    donationDeclarations: await count(
      `WITH expired AS (
         SELECT p.id, p.email FROM donation_pledges p JOIN donations d ON d.pledge_id = p.id
          WHERE p.declaration IS NOT NULL
            AND ((d.status = 'dropped' AND coalesce(d.dropped_at, d.reported_at) < $1::timestamptz - $2::interval)
                 OR ($3::integer IS NOT NULL AND d.received_at < $1::timestamptz - make_interval(years => $3::integer)))
       ), consent AS (
         DELETE FROM consent_records c
          WHERE c.form = 'donation' AND c.email IN (SELECT email FROM expired)
            AND NOT EXISTS (SELECT 1 FROM donation_pledges k WHERE k.email = c.email AND k.id NOT IN (SELECT id FROM expired))
       ), erased AS (
         UPDATE donation_pledges SET declaration = NULL, donor_key = NULL, email = NULL WHERE id IN (SELECT id FROM expired) RETURNING 1
       )
       SELECT count(*)::integer AS n FROM erased`,
      [at, UNFULFILLED_PLEDGES_KEPT, donationRecordsKeptYears],
    ),
    sessions: await count(
      `WITH members_ended AS (DELETE FROM member_sessions WHERE expires_at < $1 RETURNING 1),
            staff_ended AS (DELETE FROM staff_sessions WHERE expires_at < $1 RETURNING 1)
       SELECT ((SELECT count(*) FROM members_ended) + (SELECT count(*) FROM staff_ended))::integer AS n`,
      [at],
    ),
  };
}
