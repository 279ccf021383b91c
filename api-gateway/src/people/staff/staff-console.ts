import type { Context } from 'koa';
import {
  STAFF_LIST_LIMIT,
  type StaffAccessLogRow,
  type StaffInboxMessage,
  type StaffMemberRow,
  type StaffSubscriberRow,
  type StaffVolunteerRow,
} from '@party/shared-contracts';
import type { Database } from '../../platform/index.js';
import { renderEmail, enqueueEmail } from '../../platform/index.js';
import { erasePersonalData, personalDataOf } from '../personal-data/personal-data-register.js';
import { addressReference, logStaffAction, type StaffSession } from './staff-accounts.js';

/** `q` as a case-insensitive substring pattern, its own wildcards taken literally. */
const like = (q: string) =>
  `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;

/**
 * What the staff console reads and does. Every look at members is written to the access log, one
 * entry per member shown or exported, in the same statement that reads them.
 */
export function staffConsole(db: Database, onEmailQueued: () => void) {
  const members = async (staff: StaffSession, q: string, action: StaffAccessLogRow['action'], limit: number | null) => {
    const { rows } = await db.query<StaffMemberRow>(
      `WITH shown AS (
         SELECT id, first_name, last_name, email, city, region, membership_tier, status, coalesce(confirmed_at, created_at) AS since
           FROM members
          WHERE status <> 'pending'
            AND (lower(first_name || ' ' || last_name) LIKE $1 OR email LIKE $1 OR lower(city) LIKE $1)
          ORDER BY last_name, first_name, id
          LIMIT $4
       ), logged AS (
         INSERT INTO staff_access_log (staff_email, action, member_id) SELECT $2, $3, id FROM shown
       )
       SELECT id::text, first_name AS "firstName", last_name AS "lastName", email, city, region,
              membership_tier AS "membershipTier", status, since::text AS "memberSince"
         FROM shown ORDER BY "lastName", "firstName", id`,
      [like(q), staff.email, action, limit],
    );
    return rows;
  };

  return {
    async messages(status: 'open' | 'answered'): Promise<StaffInboxMessage[]> {
      const { rows } = await db.query<StaffInboxMessage>(
        `SELECT id::text, name, email, subject, message, created_at::text AS "receivedAt",
                answered_at::text AS "answeredAt", answered_by AS "answeredBy"
           FROM contact_messages
          WHERE (answered_at IS NULL) = $1
          ORDER BY created_at ${status === 'open' ? 'ASC' : 'DESC'}
          LIMIT ${STAFF_LIST_LIMIT}`,
        [status === 'open'],
      );
      return rows;
    },

    /** Marks a message answered (by whom, when); false when there is no such message. */
    async markAnswered(staff: StaffSession, id: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE contact_messages SET answered_at = coalesce(answered_at, now()), answered_by = coalesce(answered_by, $2) WHERE id = $1 RETURNING 1`,
        [id, staff.email],
      );
      return rows.length > 0;
    },

    /** Replies by email through the outbox, and marks the message answered, in one transaction. */
    async reply(staff: StaffSession, id: string, text: string, origin: string): Promise<boolean> {
      const replied = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string; email: string; message: string }>(
          `UPDATE contact_messages SET answered_at = now(), answered_by = $2 WHERE id = $1 RETURNING name, email, message`,
          [id, staff.email],
        );
        const message = rows[0];
        if (!message) return false;
        const quoted = message.message
          .split('\n')
          .map((line: string) => `> ${line}`)
          .join('\n');
        const email = renderEmail(
          {
            subject: 'Your message to The Refoundation Party',
            paragraphs: [
              `Dear ${message.name},`,
              ...text.split(/\n{2,}/),
              `${staff.name}, The Refoundation Party`,
              `You wrote:\n${quoted}`,
            ],
            footnote: `You receive this because you wrote to us through the contact form of ${origin}. Reply to this email to continue the conversation.`,
          },
          origin,
        );
        await enqueueEmail(tx, { kind: 'staff-reply', to: message.email, replyTo: staff.email, ...email });
        return true;
      });
      if (replied) onEmailQueued();
      return replied;
    },

    viewMembers: (staff: StaffSession, q: string) => members(staff, q, 'viewed', STAFF_LIST_LIMIT),
    exportMembers: (staff: StaffSession, q: string) => members(staff, q, 'exported', null),

    async subscribers(q: string, limit: number | null = STAFF_LIST_LIMIT): Promise<StaffSubscriberRow[]> {
      const { rows } = await db.query<StaffSubscriberRow>(
        `SELECT email, status, coalesce(confirmed_at, created_at)::text AS since FROM newsletter_subscriptions
          WHERE status = 'confirmed' AND email LIKE $1 ORDER BY email LIMIT $2`,
        [like(q), limit],
      );
      return rows;
    },

    async volunteers(): Promise<StaffVolunteerRow[]> {
      const { rows } = await db.query<StaffVolunteerRow>(
        `SELECT name, email, interests, availability, created_at::text AS "signedUpAt" FROM volunteer_signups ORDER BY created_at DESC LIMIT ${STAFF_LIST_LIMIT}`,
      );
      return rows;
    },

    /** Everything the register holds under an address, for a data request answered by staff; logged. */
    async personalData(
      staff: StaffSession,
      email: string,
      action: 'looked-up' | 'copied',
    ): Promise<Record<string, unknown>> {
      await logStaffAction(db, staff.email, action, addressReference(email));
      return personalDataOf(db, email);
    },

    /** Erases what the register says may go under an address, on the person's behalf; logged in the same transaction. */
    async erasePersonalData(staff: StaffSession, email: string): Promise<void> {
      await db.transaction(async (tx) => {
        await erasePersonalData(tx, email);
        await logStaffAction(tx, staff.email, 'erased', addressReference(email));
      });
    },

    async accessLog(): Promise<StaffAccessLogRow[]> {
      const { rows } = await db.query<StaffAccessLogRow>(
        `SELECT id::text, at::text, staff_email AS "staffEmail", action, member_id::text AS "memberId", donation_id::text AS "donationId",
                registration_id::text AS "registrationId", detail
           FROM staff_access_log ORDER BY at DESC, id DESC LIMIT ${STAFF_LIST_LIMIT}`,
      );
      return rows;
    },
  };
}

export type StaffConsole = ReturnType<typeof staffConsole>;

/** Answers with `body` as a CSV file to download, named for `name` and today. */
export const csv = (ctx: Context, name: string, body: string) => {
  ctx.set('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = body;
};

/** Rows as CSV (RFC 4180), with cells that a spreadsheet would run as a formula made inert. */
export function toCsv<Row extends object>(rows: readonly Row[], columns: ReadonlyArray<keyof Row & string>): string {
  const cell = (value: unknown) => {
    const text = Array.isArray(value) ? value.join('; ') : String(value ?? '');
    const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
  };
  return (
    [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].join('\r\n') +
    '\r\n'
  );
}
