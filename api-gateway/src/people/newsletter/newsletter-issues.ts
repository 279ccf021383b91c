import type { NewsletterIssue, StaffNewsletterOverview } from '@party/shared-contracts';
import type { Database, SignedLinks } from '../../platform/index.js';
import { issueEmail } from './newsletter-emails.js';
import { sqlOutboxKinds } from '../../platform/index.js';

/** The same issue again within this time is taken for a second click, and refused. */
const REPEAT_WINDOW = '1 day';
/** Outbox rows written per statement, to keep each statement's parameter small. */
const ROWS_PER_STATEMENT = 1000;

export type IssueOutcome =
  { kind: 'queued'; id: string; recipients: number } | { kind: 'no-subscribers' } | { kind: 'repeated' };

/**
 * Newsletter issues written in the staff console. Sending one writes the issue and one outbox
 * message per confirmed subscriber in one transaction: every subscriber gets it, or nobody does;
 * the outbox worker delivers them at its own pace.
 */
export function newsletterIssues(db: Database, links: SignedLinks, onEmailQueued: () => void) {
  return {
    async overview(): Promise<StaffNewsletterOverview> {
      const subscribers = await db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM newsletter_subscriptions WHERE status = 'confirmed'`,
      );
      const issues = await db.query<StaffNewsletterOverview['issues'][number]>(
        `SELECT i.id::text, i.subject, i.sent_by AS "sentBy", i.created_at::text AS "sentAt", i.recipients,
                count(*) FILTER (WHERE o.status = 'sent')::integer AS delivered,
                count(*) FILTER (WHERE o.status = 'failed')::integer AS failed
           FROM newsletter_issues i LEFT JOIN outbox_messages o ON o.newsletter_issue_id = i.id
          GROUP BY i.id ORDER BY i.created_at DESC LIMIT 50`,
      );
      return { confirmedSubscribers: subscribers.rows[0]?.n ?? 0, issues: issues.rows };
    },

    async send(sentBy: string, { subject, body }: NewsletterIssue, origin: string): Promise<IssueOutcome> {
      const outcome = await db.transaction(async (tx): Promise<IssueOutcome> => {
        // Two sends of one issue (a double click, two staff at once) queue one of them only.
        await tx.query(`LOCK TABLE newsletter_issues IN SHARE ROW EXCLUSIVE MODE`);
        const repeated = await tx.query(
          `SELECT 1 FROM newsletter_issues WHERE subject = $1 AND body = $2 AND created_at > now() - $3::interval`,
          [subject, body, REPEAT_WINDOW],
        );
        if (repeated.rows.length > 0) return { kind: 'repeated' };
        const { rows: subscribers } = await tx.query<{ id: string; email: string }>(
          `SELECT id::text, email FROM newsletter_subscriptions WHERE status = 'confirmed' ORDER BY id`,
        );
        if (subscribers.length === 0) return { kind: 'no-subscribers' };
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO newsletter_issues (subject, body, sent_by, recipients) VALUES ($1, $2, $3, $4) RETURNING id::text`,
          [subject, body, sentBy, subscribers.length],
        );
        const id = rows[0]!.id;
        for (let start = 0; start < subscribers.length; start += ROWS_PER_STATEMENT) {
          const messages = subscribers.slice(start, start + ROWS_PER_STATEMENT).map((subscriber) => ({
            to: subscriber.email,
            ...issueEmail(origin, links.sign('newsletter-unsubscribe', subscriber.id, null), { subject, body }),
          }));
          await tx.query(
            `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body, headers, newsletter_issue_id)
             SELECT ${sqlOutboxKinds('newsletter-issue')}, m."to", m.subject, m.text, m.html, m.headers, $2
               FROM jsonb_to_recordset($1::jsonb) AS m("to" text, subject text, text text, html text, headers jsonb)`,
            [JSON.stringify(messages), id],
          );
        }
        return { kind: 'queued', id, recipients: subscribers.length };
      });
      if (outcome.kind === 'queued') onEmailQueued();
      return outcome;
    },
  };
}

export type NewsletterIssues = ReturnType<typeof newsletterIssues>;
