import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { RenderedEmail } from './email-layout.js';
import type { EmailAttachment, OutgoingEmail } from './mail-transport.js';

/**
 * The statement that erases the outbox rows `where` selects: each keeps its status (those not yet
 * sent become `cancelled`) but loses its addresses and contents. Used wherever a person's data is
 * deleted, so the outbox never outlives it.
 */
export const eraseOutboxRows = (where: string) => `
  UPDATE outbox_messages
     SET status = CASE WHEN status IN ('pending', 'sending') THEN 'cancelled' ELSE status END,
         recipient = '(erased)', reply_to = NULL, subject = '', text_body = '', html_body = '', headers = '{}'::jsonb, attachments = '[]'::jsonb
   WHERE ${where}`;

/**
 * Every kind of email the outbox holds; each names its person in `recipient` (a contact message its
 * sender in `reply_to`), where a person's export and erasure find it (personal-data-register.ts).
 */
export const outboxKinds = [
  'membership-confirmation',
  'membership-notice',
  'password-reset',
  'newsletter-confirmation',
  'newsletter-welcome',
  'newsletter-issue',
  'contact-message',
  'staff-reply',
  'donation-receipt',
  'treasurer-digest',
  'data-request',
  'staff-password',
  'factor-locked',
  'event-place',
  'event-change',
  'event-reminder',
  'event-follow-up',
  'consultation-comment',
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/** Kinds as an SQL list (`'a', 'b'`), for a statement that queues or selects emails itself: checked against outboxKinds. */
export const sqlOutboxKinds = (...kinds: OutboxKind[]) => kinds.map((kind) => `'${kind}'`).join(', ');

/** What a record's own transaction writes into the outbox with it. */
export interface QueuedEmail extends RenderedEmail {
  kind: OutboxKind;
  to: string;
  replyTo?: string | null;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
}

/** Adds a message to the outbox, on the caller's transaction. */
export async function enqueueEmail(tx: Queryable, email: QueuedEmail): Promise<void> {
  await tx.query(
    `INSERT INTO outbox_messages (kind, recipient, reply_to, subject, text_body, html_body, headers, attachments)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      email.kind,
      email.to,
      email.replyTo ?? null,
      email.subject,
      email.text,
      email.html,
      JSON.stringify(email.headers ?? {}),
      JSON.stringify(email.attachments ?? []),
    ],
  );
}

interface OutboxRow {
  id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
  attempts: number;
}

export interface ClaimedEmail extends OutgoingEmail {
  attempts: number;
  /** The claim's token: outcomes are recorded under it only. */
  claimToken: string;
}

/**
 * Takes up to `limit` messages that are due (or whose previous claim lapsed: a worker that died
 * mid-send) for `leaseMs`. Workers on other gateways skip what this one holds.
 */
export async function claimDueEmails(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const claimToken = randomUUID();
  const { rows } = await db.query<OutboxRow>(
    `UPDATE outbox_messages
        SET status = 'sending', attempts = attempts + 1, locked_until = now() + $2 * interval '1 millisecond', claim_token = $3
      WHERE id IN (SELECT id FROM outbox_messages
                    WHERE (status = 'pending' AND next_attempt_at <= now())
                       OR (status = 'sending' AND locked_until < now())
                    ORDER BY next_attempt_at
                    LIMIT $1
                    FOR UPDATE SKIP LOCKED)
      RETURNING id::text, recipient, reply_to, subject, text_body, html_body, headers, attachments, attempts`,
    [limit, leaseMs, claimToken],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: row.headers,
    attachments: row.attachments,
    attempts: row.attempts,
    claimToken,
  }));
}

export async function markEmailSent(db: Queryable, email: Pick<ClaimedEmail, 'id' | 'claimToken'>): Promise<void> {
  await db.query(
    `UPDATE outbox_messages SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
      WHERE id = $1 AND status = 'sending' AND claim_token = $2`,
    [email.id, email.claimToken],
  );
}

/** A failed attempt: tried again after `retryInMs`, or given up (`failed`) when that is null. */
export async function markEmailAttemptFailed(
  db: Queryable,
  email: Pick<ClaimedEmail, 'id' | 'claimToken'>,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db.query(
    `UPDATE outbox_messages
        SET status = CASE WHEN $3::integer IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = now() + coalesce($3::integer, 0) * interval '1 millisecond',
            locked_until = NULL, last_error = left($2, 500)
      WHERE id = $1 AND status = 'sending' AND claim_token = $4`,
    [email.id, error, retryInMs, email.claimToken],
  );
}

/**
 * Messages a stopping worker claimed and did not finish go back to the queue at once, their
 * attempt not counted, rather than waiting out their lease.
 */
export async function handBackEmails(
  db: Queryable,
  emails: ReadonlyArray<Pick<ClaimedEmail, 'id' | 'claimToken'>>,
): Promise<void> {
  if (emails.length === 0) return;
  await db.query(
    `UPDATE outbox_messages SET status = 'pending', locked_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE status = 'sending' AND (id, claim_token) IN (SELECT * FROM unnest($1::bigint[], $2::uuid[]))`,
    [emails.map((email) => email.id), emails.map((email) => email.claimToken)],
  );
}
