import { COMMENT_LIMITS } from '@party/shared-contracts';
import type { Queryable } from '../../platform/index.js';
import { eraseOutboxRows, sqlOutboxKinds } from '../../platform/index.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { registeredRetentionRules, type RetentionRuleName } from '../personal-data/personal-data-register.js';

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

/** A data request (its address) is kept this long after its link expired: a day, to answer questions about it. */
const DATA_REQUESTS_KEPT = '1 day';

/** A comment held for its emailed link is kept as long as the link works (privacy policy: two days). */
const HELD_COMMENTS_KEPT = `${COMMENT_LIMITS.linkDays} days`;

/** Rows one statement of a rule deletes at most: each stays well under the statement timeout. */
export const RETENTION_BATCH = 5_000;

/** A batch of the comments held for an emailed link that expired ($1: now). */
const DELETE_EXPIRED_HELD_COMMENTS = `
  WITH expired AS (
    DELETE FROM consultation_comments_awaiting WHERE id IN (
      SELECT id FROM consultation_comments_awaiting WHERE expires_at < $1 LIMIT ${RETENTION_BATCH}
    ) RETURNING 1
  )
  SELECT count(*)::integer AS n FROM expired`;

/** A batch of the emails that quoted them, erased once every link they could hold has expired ($2: how long one works). */
const ERASE_HELD_COMMENT_EMAILS = `
  WITH erased AS (${eraseOutboxRows(
    `id IN (SELECT id FROM outbox_messages WHERE kind IN (${sqlOutboxKinds('consultation-comment')}) AND created_at < $1::timestamptz - $2::interval AND recipient <> '(erased)' LIMIT ${RETENTION_BATCH})`,
  )} RETURNING 1)
  SELECT count(*)::integer AS n FROM erased`;

/**
 * Deletes (a batch of) the members `where` selects, with their membership consent records, and
 * erases the outbox rows (`emails`, a condition on them) sent to them; answers how many members went.
 */
const deleteMembers = (where: string, emails: string) => `
  WITH expired AS (
    DELETE FROM members WHERE id IN (SELECT id FROM members WHERE ${where} LIMIT ${RETENTION_BATCH}) RETURNING email
  ), consent AS (
    DELETE FROM consent_records WHERE form = 'membership' AND email IN (SELECT email FROM expired)
  ), erased AS (${eraseOutboxRows(`${emails} AND recipient IN (SELECT email FROM expired)`)})
  SELECT count(*)::integer AS n FROM expired`;

/**
 * How many records each rule removed (`unfulfilledPledges`, `donationDeclarations`: declarations
 * erased, of donations that never arrived a day on, or kept as long as the law asks; `dataRequests`:
 * a day after their link expired), and the rules that failed (each is independent: the others ran).
 */
export type RetentionReport = Record<RetentionRuleName, number> & { failed: Array<{ rule: string; error: string }> };

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
 * that never arrived after a day and of one received once the law's records period is over (with
 * its receipt in the outbox), ended sessions, data requests a day after their link expired, and
 * comments held for an emailed link never opened once it expired (with their emails). The outbox
 * keeps the status of their emails, not the address or contents.
 */
export async function applyRetention(
  db: Queryable,
  newsletter: NewsletterSubscriptions,
  now: Date,
  { donationRecordsKeptYears }: RetentionOptions,
): Promise<RetentionReport> {
  const at = now.toISOString();
  const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
  /** A statement run batch after batch (1,000 at most) until a batch takes less than a full one. */
  const inBatches = async (sql: string, params: unknown[]) => {
    let total = 0;
    for (let batch = 0; batch < 1_000; batch += 1) {
      const n = await count(sql, params);
      total += n;
      if (n < RETENTION_BATCH) break;
    }
    return total;
  };
  const rules: Record<RetentionRuleName, () => Promise<number>> = {
    newsletterSignUps: () => newsletter.expireUnconfirmed(now),
    memberRegistrations: () =>
      inBatches(
        deleteMembers(
          `status = 'pending' AND coalesce(confirmation_expires_at, last_registration_attempt_at) < $1`,
          `kind IN (${sqlOutboxKinds('membership-confirmation', 'membership-notice')})`,
        ),
        [at],
      ),
    cancelledMemberships: () =>
      inBatches(
        deleteMembers(
          `status = 'cancelled' AND cancelled_at < $1::timestamptz - $2::interval`,
          `kind IN (${sqlOutboxKinds('membership-confirmation', 'membership-notice', 'password-reset')})`,
        ),
        [at, CANCELLED_MEMBERSHIPS_KEPT],
      ),
    contactMessages: async () => {
      const deleted = await inBatches(
        `WITH expired AS (
           DELETE FROM contact_messages WHERE id IN (
             SELECT id FROM contact_messages WHERE coalesce(answered_at, created_at) < $1::timestamptz - $2::interval LIMIT ${RETENTION_BATCH}
           ) RETURNING 1
         )
         SELECT count(*)::integer AS n FROM expired`,
        [at, CONTACT_MESSAGES_KEPT],
      );
      await inBatches(
        `WITH erased AS (${eraseOutboxRows(
          `id IN (SELECT id FROM outbox_messages WHERE kind IN (${sqlOutboxKinds('contact-message', 'staff-reply')}) AND created_at < $1::timestamptz - $2::interval AND recipient <> '(erased)' LIMIT ${RETENTION_BATCH})`,
        )} RETURNING 1)
         SELECT count(*)::integer AS n FROM erased`,
        [at, CONTACT_MESSAGES_KEPT],
      );
      return deleted;
    },
    eventRegistrations: async () => {
      const deleted = await inBatches(
        `WITH expired AS (
           DELETE FROM event_registrations WHERE id IN (SELECT id FROM event_registrations WHERE created_at < $1::timestamptz - $2::interval LIMIT ${RETENTION_BATCH}) RETURNING 1
         )
         SELECT count(*)::integer AS n FROM expired`,
        [at, EVENT_REGISTRATIONS_KEPT],
      );
      await inBatches(
        `WITH expired AS (
           DELETE FROM consent_records WHERE id IN (
             SELECT id FROM consent_records WHERE form = 'event-registration' AND agreed_at < $1::timestamptz - $2::interval LIMIT ${RETENTION_BATCH}
           ) RETURNING 1
         )
         SELECT count(*)::integer AS n FROM expired`,
        [at, EVENT_REGISTRATIONS_KEPT],
      );
      return deleted;
    },
    unfulfilledPledges: () =>
      inBatches(
        `WITH expired AS (
           DELETE FROM donation_pledges p
            WHERE p.id IN (
              SELECT q.id FROM donation_pledges q
               WHERE q.created_at < $1::timestamptz - $2::interval AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = q.id)
               LIMIT ${RETENTION_BATCH}
            )
           RETURNING p.id, p.email
         ), consent AS (
           DELETE FROM consent_records c
            WHERE c.form = 'donation' AND c.email IN (SELECT email FROM expired)
              AND NOT EXISTS (SELECT 1 FROM donation_pledges k WHERE k.email = c.email AND k.id NOT IN (SELECT id FROM expired))
         )
         SELECT count(*)::integer AS n FROM expired`,
        [at, UNFULFILLED_PLEDGES_KEPT],
      ),
    donationDeclarations: () =>
      inBatches(
        `WITH expired AS (
           SELECT p.id, p.email FROM donation_pledges p JOIN donations d ON d.pledge_id = p.id
            WHERE p.declaration IS NOT NULL
              AND ((d.status = 'dropped' AND coalesce(d.dropped_at, d.reported_at) < $1::timestamptz - $2::interval)
                   OR ($3::integer IS NOT NULL AND d.received_at < $1::timestamptz - make_interval(years => $3::integer)))
            LIMIT ${RETENTION_BATCH}
         ), consent AS (
           DELETE FROM consent_records c
            WHERE c.form = 'donation' AND c.email IN (SELECT email FROM expired)
              AND NOT EXISTS (SELECT 1 FROM donation_pledges k WHERE k.email = c.email AND k.id NOT IN (SELECT id FROM expired))
         ), receipts AS (${eraseOutboxRows(`kind IN (${sqlOutboxKinds('donation-receipt')}) AND recipient IN (SELECT email FROM expired)`)}
         ), erased AS (
           UPDATE donation_pledges SET declaration = NULL, donor_key = NULL, email = NULL, declaration_digest = NULL WHERE id IN (SELECT id FROM expired) RETURNING 1
         )
         SELECT count(*)::integer AS n FROM erased`,
        [at, UNFULFILLED_PLEDGES_KEPT, donationRecordsKeptYears],
      ),
    sessions: () =>
      inBatches(
        `WITH members_ended AS (
           DELETE FROM member_sessions WHERE token_hash IN (SELECT token_hash FROM member_sessions WHERE expires_at < $1 LIMIT ${RETENTION_BATCH}) RETURNING 1
         ), staff_ended AS (
           DELETE FROM staff_sessions WHERE token_hash IN (SELECT token_hash FROM staff_sessions WHERE expires_at < $1 LIMIT ${RETENTION_BATCH}) RETURNING 1
         )
         SELECT greatest((SELECT count(*) FROM members_ended), (SELECT count(*) FROM staff_ended))::integer AS n`,
        [at],
      ),
    dataRequests: () =>
      inBatches(
        `WITH expired AS (
           DELETE FROM data_requests WHERE id IN (SELECT id FROM data_requests WHERE expires_at < $1::timestamptz - $2::interval LIMIT ${RETENTION_BATCH}) RETURNING 1
         )
         SELECT count(*)::integer AS n FROM expired`,
        [at, DATA_REQUESTS_KEPT],
      ),
    heldComments: async () => {
      const deleted = await inBatches(DELETE_EXPIRED_HELD_COMMENTS, [at]);
      await inBatches(ERASE_HELD_COMMENT_EMAILS, [at, HELD_COMMENTS_KEPT]);
      return deleted;
    },
  };
  // The rules run are those the register of personal data names for its tables, in its order.
  const report = {
    ...Object.fromEntries(Object.keys(rules).map((rule) => [rule, 0])),
    failed: [],
  } as unknown as RetentionReport;
  for (const rule of registeredRetentionRules()) {
    try {
      report[rule] = await rules[rule]();
    } catch (error) {
      report[rule] = 0;
      report.failed.push({ rule, error: (error as Error).message });
    }
  }
  return report;
}

/** Whether this instance may apply the retention rules now: it holds the lease, for `forMs`. */
export async function claimRetention(db: Queryable, forMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO retention_lease (id, leased_until) VALUES (1, now() + $1 * interval '1 millisecond')
     ON CONFLICT (id) DO UPDATE SET leased_until = EXCLUDED.leased_until WHERE retention_lease.leased_until < now()
     RETURNING 1`,
    [forMs],
  );
  return rows.length > 0;
}

/** Hands the lease back once the rules have run, for the next hour's instance. */
export async function releaseRetention(db: Queryable): Promise<void> {
  await db.query('UPDATE retention_lease SET leased_until = now() WHERE id = 1');
}
