import { randomBytes } from 'node:crypto';
import {
  COMMENT_LIMITS,
  type CommentInput,
  type ConsultationDraft,
  type ConsultationParagraph,
  type ConsultationPhase,
  type ConsultationResponseInput,
  type ConsultationSummary,
  type ConsultationVersionInput,
  type ConsultationView,
  type ModerationReason,
  type PublicComment,
  type StaffConsultationSummary,
  type StaffConsultationView,
} from '@party/shared-contracts';
import { enqueueEmail, type Database, type QueuedEmail, type Queryable } from '../platform/index.js';
import { versionChanges } from './version-changes.js';

/** A refused change, with the HTTP status that fits it and a sentence for people. */
export class ConsultationError extends Error {
  override name = 'ConsultationError';

  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 429,
  ) {
    super(message);
  }
}

const newKey = () => `p${randomBytes(6).readUIntBE(0, 6).toString(36).padStart(8, '0').slice(-8)}`;
const iso = (value: Date | string) => new Date(value).toISOString();
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Where a consultation may go from each phase; `answered` also needs its published response. */
const nextPhases: Record<ConsultationPhase, readonly ConsultationPhase[]> = {
  draft: ['open'],
  open: ['closed'],
  // Reopened (a deadline moved) until it is answered.
  closed: ['open', 'answered'],
  answered: [],
};

interface ConsultationRow {
  slug: string;
  title: string;
  summary: string;
  policy_area: ConsultationSummary['policyArea'];
  phase: ConsultationPhase;
  /** As text (YYYY-MM-DD): a date, whatever the server's time zone. */
  closes_on: string;
  /** Whether the database's date is past it. */
  past_closing: boolean;
}

/** The consultation, locked for this transaction: its comments, versions and phase change one at a time. */
async function lockedConsultation(tx: Queryable, slug: string): Promise<ConsultationRow> {
  const { rows } = await tx.query<ConsultationRow>(
    `SELECT slug, title, summary, policy_area, phase, closes_on::text, closes_on < current_date AS past_closing
       FROM consultations WHERE slug = $1 FOR UPDATE`,
    [slug],
  );
  if (!rows[0]) throw new ConsultationError('There is no such consultation.', 404);
  return rows[0];
}

async function latestVersion(tx: Queryable, slug: string): Promise<number> {
  const { rows } = await tx.query<{ number: number }>(
    'SELECT max(number) AS number FROM consultation_versions WHERE consultation = $1',
    [slug],
  );
  return Number(rows[0]?.number ?? 0);
}

async function paragraphsOf(db: Queryable, slug: string, version: number): Promise<ConsultationParagraph[]> {
  const { rows } = await db.query<{ key: string; position: number; text: string }>(
    'SELECT key, position, text FROM consultation_paragraphs WHERE consultation = $1 AND version = $2 ORDER BY position',
    [slug, version],
  );
  return rows.map((row) => ({ key: row.key, number: Number(row.position), text: row.text }));
}

async function insertVersion(tx: Queryable, slug: string, input: ConsultationVersionInput, by: string) {
  const number = (await latestVersion(tx, slug)) + 1;
  const known = new Set((await paragraphsOf(tx, slug, number - 1)).map((paragraph) => paragraph.key));
  const keys = input.paragraphs.map((paragraph) => paragraph.key ?? newKey());
  const unknown = input.paragraphs.find((paragraph) => paragraph.key !== undefined && !known.has(paragraph.key));
  if (unknown) throw new ConsultationError(`Paragraph ${unknown.key} is not in the version before.`, 400);
  if (new Set(keys).size !== keys.length) throw new ConsultationError('A paragraph is given twice.', 400);
  await tx.query(
    'INSERT INTO consultation_versions (consultation, number, note, published_by) VALUES ($1, $2, $3, $4)',
    [slug, number, input.note, by],
  );
  for (const [index, paragraph] of input.paragraphs.entries())
    await tx.query(
      'INSERT INTO consultation_paragraphs (consultation, version, position, key, text) VALUES ($1, $2, $3, $4, $5)',
      [slug, number, index + 1, keys[index], paragraph.text],
    );
  return number;
}

/** How many comments of one address may wait for their emailed link at once: no inbox is flooded through us. */
const AWAITING_PER_ADDRESS = 3;

/** A comment held until its author opens the emailed link: what the email says of it. */
export interface HeldComment {
  id: string;
  slug: string;
  title: string;
  /** Its paragraph's number in the latest version. */
  paragraph: number;
  body: string;
}

/**
 * Whether `author` may write `input` now: the consultation open and before its closing date, the
 * paragraph one of its latest version, the comment replied to shown on it, and the author within
 * the limits per person (their comments held for an emailed link count). The consultation, locked,
 * with its latest version.
 */
async function commentAllowed(tx: Queryable, slug: string, input: CommentInput, author: string) {
  const consultation = await lockedConsultation(tx, slug);
  if (consultation.phase !== 'open')
    throw new ConsultationError(
      consultation.phase === 'draft' ? 'There is no such consultation.' : 'This consultation is closed for comments.',
      consultation.phase === 'draft' ? 404 : 409,
    );
  if (consultation.past_closing)
    throw new ConsultationError(`This consultation closed for comments on ${consultation.closes_on}.`, 409);
  const version = await latestVersion(tx, slug);
  const paragraphs = await paragraphsOf(tx, slug, version);
  if (!paragraphs.some((paragraph) => paragraph.key === input.paragraph))
    throw new ConsultationError('There is no such paragraph in this draft.', 400);
  if (input.replyTo) {
    const { rows } = await tx.query(
      `SELECT 1 FROM consultation_comments WHERE id = $1 AND consultation = $2 AND paragraph_key = $3
          AND hidden_at IS NULL AND erased_at IS NULL`,
      [input.replyTo, slug, input.paragraph],
    );
    if (rows.length === 0) throw new ConsultationError('The comment you reply to is not there.', 400);
  }
  const { rows: written } = await tx.query<{ hour: string; day: string }>(
    `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS hour,
            count(*) FILTER (WHERE created_at > now() - interval '1 day') AS day
       FROM (SELECT created_at FROM consultation_comments WHERE consultation = $1 AND author_email = $2
             UNION ALL
             SELECT created_at FROM consultation_comments_awaiting WHERE consultation = $1 AND author_email = $2) AS written`,
    [slug, author],
  );
  const { hour, day } = written[0]!;
  if (Number(hour) >= COMMENT_LIMITS.perHour || Number(day) >= COMMENT_LIMITS.perDay)
    throw new ConsultationError(
      `You have written ${Number(hour) >= COMMENT_LIMITS.perHour ? `${COMMENT_LIMITS.perHour} comments this hour` : `${COMMENT_LIMITS.perDay} comments today`}: please come back later.`,
      429,
    );
  return { ...consultation, version, paragraphs };
}

/** Publishes `author`'s comment (commentAllowed first) under their participant number in the consultation; its id. */
async function publishComment(tx: Queryable, slug: string, input: CommentInput, author: string): Promise<string> {
  const { version } = await commentAllowed(tx, slug, input, author);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO consultation_comments (consultation, paragraph_key, version, reply_to, body, author_email, participant)
     SELECT $1, $2, $3, $4, $5, $6,
            coalesce((SELECT min(participant) FROM consultation_comments WHERE consultation = $1 AND author_email = $6),
                     (SELECT coalesce(max(participant), 0) + 1 FROM consultation_comments WHERE consultation = $1))
     RETURNING id`,
    [slug, input.paragraph, version, input.replyTo || null, input.body, author],
  );
  return String(rows[0]!.id);
}

/**
 * Consultations as data: staff write and publish versions of a draft, open and close it, hide a
 * comment with a published reason and answer it; members comment within limits; everyone reads it,
 * its moderation log and its response, and downloads its comments as open data.
 */
export function consultationRecords(db: Database) {
  return {
    /** Starts a consultation as a draft (staff's alone until opened), its first version the text given. */
    async start(draft: ConsultationDraft, by: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO consultations (slug, title, summary, policy_area, closes_on, created_by)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slug) DO NOTHING RETURNING slug`,
          [draft.slug, draft.title, draft.summary, draft.policyArea, draft.closesOn, by],
        );
        if (rows.length === 0) throw new ConsultationError(`The address ${draft.slug} is taken.`, 409);
        await insertVersion(tx, draft.slug, { paragraphs: draft.paragraphs, note: '' }, by);
      });
    },

    /** Publishes a new version of the draft; refused once the consultation is answered. Its number. */
    async publishVersion(slug: string, input: ConsultationVersionInput, by: string): Promise<number> {
      return db.transaction(async (tx) => {
        const consultation = await lockedConsultation(tx, slug);
        if (consultation.phase === 'answered')
          throw new ConsultationError('This consultation is answered: its text no longer changes.', 409);
        return insertVersion(tx, slug, input, by);
      });
    },

    /** Moves a consultation to its next phase; `answered` only with its response published. */
    async changePhase(slug: string, phase: ConsultationPhase): Promise<void> {
      await db.transaction(async (tx) => {
        const consultation = await lockedConsultation(tx, slug);
        if (!nextPhases[consultation.phase].includes(phase))
          throw new ConsultationError(`A consultation ${consultation.phase} cannot become ${phase}.`, 409);
        if (phase === 'answered') {
          const { rows } = await tx.query('SELECT 1 FROM consultation_responses WHERE consultation = $1', [slug]);
          if (rows.length === 0)
            throw new ConsultationError('A consultation is marked answered only with its response published.', 409);
        }
        await tx.query(
          `UPDATE consultations SET phase = $2,
             opened_at = CASE WHEN $2 = 'open' THEN now() ELSE opened_at END,
             closed_at = CASE WHEN $2 = 'closed' THEN now() ELSE closed_at END,
             answered_at = CASE WHEN $2 = 'answered' THEN now() ELSE answered_at END
           WHERE slug = $1`,
          [slug, phase],
        );
      });
    },

    /** Publishes the party's response to a closed consultation and marks it answered. */
    async answer(slug: string, response: ConsultationResponseInput, by: string): Promise<void> {
      await db.transaction(async (tx) => {
        const consultation = await lockedConsultation(tx, slug);
        if (consultation.phase !== 'closed')
          throw new ConsultationError('Close the consultation before answering it.', 409);
        await tx.query(
          `INSERT INTO consultation_responses (consultation, themes, decision, evidence, published_by)
           VALUES ($1, $2, $3, $4, $5)`,
          [slug, JSON.stringify(response.themes), response.decision, JSON.stringify(response.evidence), by],
        );
        await tx.query("UPDATE consultations SET phase = 'answered', answered_at = now() WHERE slug = $1", [slug]);
      });
    },

    /** A signed-in member's comment or reply, published at once (commentAllowed says when it is not); its id. */
    async comment(slug: string, input: CommentInput, author: string): Promise<string> {
      return db.transaction(async (tx) => publishComment(tx, slug, input, author));
    },

    /**
     * A comment by someone who is not a signed-in member, held until they open the link emailed to
     * them (`email` makes it, on this transaction); refused as a comment would be, and while three of
     * theirs already wait.
     */
    async hold(
      slug: string,
      input: CommentInput,
      author: string,
      expiresAt: Date,
      email: (held: HeldComment) => Omit<QueuedEmail, 'to'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const consultation = await commentAllowed(tx, slug, input, author);
        const { rows: waiting } = await tx.query<{ n: string }>(
          'SELECT count(*) AS n FROM consultation_comments_awaiting WHERE author_email = $1 AND expires_at > now()',
          [author],
        );
        if (Number(waiting[0]!.n) >= AWAITING_PER_ADDRESS)
          throw new ConsultationError(
            `${AWAITING_PER_ADDRESS} comments from this address are waiting for the link we emailed: open one of those emails first.`,
            429,
          );
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO consultation_comments_awaiting (consultation, paragraph_key, reply_to, body, author_email, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [slug, input.paragraph, input.replyTo || null, input.body, author, expiresAt],
        );
        const paragraph = consultation.paragraphs.find((each) => each.key === input.paragraph)!;
        await enqueueEmail(tx, {
          ...email({
            id: String(rows[0]!.id),
            slug,
            title: consultation.title,
            paragraph: paragraph.number,
            body: input.body,
          }),
          to: author,
        });
      });
    },

    /**
     * Publishes the held comment `id` as if its author wrote it now: the published comment's id;
     * null when none is held under it (published already, or its link expired).
     */
    async publishHeld(id: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{
          consultation: string;
          paragraph_key: string;
          reply_to: string | null;
          body: string;
          author_email: string;
        }>(
          `DELETE FROM consultation_comments_awaiting WHERE id = $1 AND expires_at > now()
           RETURNING consultation, paragraph_key, reply_to::text, body, author_email`,
          [id],
        );
        const held = rows[0];
        if (!held) return null;
        const input = { paragraph: held.paragraph_key, replyTo: held.reply_to ?? '', body: held.body };
        return publishComment(tx, held.consultation, input, held.author_email);
      });
    },

    /** Hides a comment with a reason from the published list; the moderation log shows that it was. */
    async hide(slug: string, commentId: string, reason: ModerationReason, by: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `UPDATE consultation_comments SET hidden_at = now(), hidden_reason = $3
            WHERE consultation = $1 AND id = $2 AND hidden_at IS NULL AND erased_at IS NULL RETURNING id`,
          [slug, commentId, reason],
        );
        if (rows.length === 0) throw new ConsultationError('There is no such comment to hide.', 404);
        await tx.query('INSERT INTO consultation_moderations (comment_id, moderated_by) VALUES ($1, $2)', [
          commentId,
          by,
        ]);
      });
    },

    /** Every consultation the public may read (not drafts), newest first. */
    list: () => consultationsRead(db, { drafts: false }) as Promise<ConsultationSummary[]>,
    /** A consultation's page, or null when there is none the public may read. */
    view: (slug: string) => consultationView(db, slug, { drafts: false }) as Promise<ConsultationView | null>,
    /** Every consultation, drafts first, for staff. */
    staffList: (): Promise<StaffConsultationSummary[]> => consultationsRead(db, { drafts: true }),
    /** A consultation as staff work on it, a draft too; null when there is none. */
    staffView: (slug: string): Promise<StaffConsultationView | null> => consultationView(db, slug, { drafts: true }),
  };
}

export type ConsultationRecords = ReturnType<typeof consultationRecords>;

/**
 * Every consultation the public may read (not drafts) or, for staff, every one, drafts first; then
 * newest first; with `slug`, that one alone.
 */
async function consultationsRead(
  db: Queryable,
  { drafts }: { drafts: boolean },
  slug: string | null = null,
): Promise<StaffConsultationSummary[]> {
  const { rows } = await db.query<Omit<ConsultationRow, 'past_closing'> & { comments: string }>(
    `SELECT c.slug, c.title, c.summary, c.policy_area, c.phase, c.closes_on::text AS closes_on,
            (SELECT count(*) FROM consultation_comments m
              WHERE m.consultation = c.slug AND m.hidden_at IS NULL AND m.erased_at IS NULL) AS comments
       FROM consultations c WHERE ($2 OR c.phase <> 'draft') AND ($1::text IS NULL OR c.slug = $1)
      ORDER BY c.opened_at DESC NULLS FIRST, c.slug`,
    [slug, drafts],
  );
  return rows.map(summaryOf);
}

async function consultationView(
  db: Queryable,
  slug: string,
  read: { drafts: boolean },
): Promise<StaffConsultationView | null> {
  const [list] = await consultationsRead(db, read, slug);
  if (!list) return null;
  const { rows: versions } = await db.query<{ number: number; note: string; published_at: Date | string }>(
    'SELECT number, note, published_at FROM consultation_versions WHERE consultation = $1 ORDER BY number',
    [slug],
  );
  const latest = Number(versions.at(-1)!.number);
  const [paragraphs, previous, thread, response] = await Promise.all([
    paragraphsOf(db, slug, latest),
    latest > 1 ? paragraphsOf(db, slug, latest - 1) : Promise.resolve(null),
    threadOf(db, slug),
    responseOf(db, slug),
  ]);
  const countsByParagraph: Record<string, number> = {};
  for (const comment of thread)
    if (comment.body !== null) countsByParagraph[comment.paragraph] = (countsByParagraph[comment.paragraph] ?? 0) + 1;
  return {
    ...list,
    versions: versions.map((row) => ({
      number: Number(row.number),
      note: row.note,
      publishedAt: iso(row.published_at),
    })),
    paragraphs,
    changes: previous && versionChanges(previous, paragraphs),
    thread,
    countsByParagraph,
    moderationLog: thread
      .filter((comment) => comment.hidden)
      .map((comment) => ({
        comment: comment.id,
        paragraph: comment.paragraph,
        participant: comment.participant,
        hiddenAt: comment.hidden!.at,
        reason: comment.hidden!.reason,
      }))
      .sort((a, b) => b.hiddenAt.localeCompare(a.hiddenAt)),
    response,
  };
}

function summaryOf(row: Omit<ConsultationRow, 'past_closing'> & { comments: string }): StaffConsultationSummary {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    policyArea: row.policy_area,
    phase: row.phase,
    closesOn: row.closes_on,
    comments: Number(row.comments),
  };
}

async function threadOf(db: Queryable, slug: string): Promise<PublicComment[]> {
  const { rows } = await db.query<{
    id: string;
    paragraph_key: string;
    version: number;
    reply_to: string | null;
    participant: number;
    created_at: Date | string;
    body: string;
    hidden_at: Date | string | null;
    hidden_reason: ModerationReason | null;
    erased_at: Date | string | null;
  }>(
    `SELECT id, paragraph_key, version, reply_to, participant, created_at, body, hidden_at, hidden_reason, erased_at
       FROM consultation_comments WHERE consultation = $1 ORDER BY id`,
    [slug],
  );
  return rows.map((row) => ({
    id: String(row.id),
    paragraph: row.paragraph_key,
    version: Number(row.version),
    replyTo: row.reply_to === null ? null : String(row.reply_to),
    participant: Number(row.participant),
    at: iso(row.created_at),
    body: row.hidden_at || row.erased_at ? null : row.body,
    hidden: row.hidden_at ? { reason: row.hidden_reason!, at: iso(row.hidden_at) } : null,
    erased: row.erased_at !== null,
  }));
}

async function responseOf(db: Queryable, slug: string): Promise<ConsultationView['response']> {
  const { rows } = await db.query<{
    themes: string[] | string;
    decision: string;
    evidence: ConsultationResponseInput['evidence'] | string;
    published_at: Date | string;
  }>('SELECT themes, decision, evidence, published_at FROM consultation_responses WHERE consultation = $1', [slug]);
  const row = rows[0];
  return row
    ? {
        themes: fromJson(row.themes),
        decision: row.decision,
        evidence: fromJson(row.evidence),
        publishedAt: iso(row.published_at),
      }
    : null;
}
