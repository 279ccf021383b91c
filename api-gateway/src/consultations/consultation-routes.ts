import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  commentSchema,
  consultationLinks,
  EMAIL_FOR_COMMENT,
  pageSlug,
  type CommentAnswer,
  type ConsultationView,
} from '@party/shared-contracts';
import { linkTokenOf, parseBody, type BrowserPostGuards } from '../platform/index.js';
import type { ConsultationRecords } from './consultation-records.js';
import type { HeldComments } from './held-comments.js';

const NO_SUCH = 'There is no such consultation.';
const LINK_USED_OR_EXPIRED =
  'This link has expired or has already been used. If your comment is not on the consultation’s page, write it again: we will send you a new link.';

/** The open data's columns, in order (the CSV's header). */
const OPEN_DATA_COLUMNS = [
  'comment',
  'paragraph',
  'paragraphNumber',
  'writtenOnVersion',
  'replyTo',
  'participant',
  'writtenAt',
  'status',
  'hiddenReason',
  'text',
] as const;
type OpenDataRow = Record<(typeof OPEN_DATA_COLUMNS)[number], string | number | null>;

/**
 * A consultation's comments as open data: one row per comment, by participant number, never a name
 * or an address; a hidden comment keeps its row and reason without its text, an erased one without either.
 */
export function openDataRows(view: ConsultationView): OpenDataRow[] {
  const numbers = new Map(view.paragraphs.map((paragraph) => [paragraph.key, paragraph.number]));
  return view.thread.map((comment) => ({
    comment: comment.id,
    paragraph: comment.paragraph,
    paragraphNumber: numbers.get(comment.paragraph) ?? null,
    writtenOnVersion: comment.version,
    replyTo: comment.replyTo,
    participant: comment.participant,
    writtenAt: comment.at,
    status: comment.erased ? 'erased' : comment.hidden ? 'hidden' : 'shown',
    hiddenReason: comment.hidden?.reason ?? null,
    text: comment.body,
  }));
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A cell a spreadsheet would run as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The consultations' public endpoints: the list, each consultation (its latest version, the one
 * before, its comments, moderation log and response), its open data, and a comment or reply: a
 * signed-in member's published at once, anyone else's once they open the link emailed to them.
 */
export function consultationRoutes(
  router: Router,
  { records, held }: { records: ConsultationRecords; held: HeldComments },
  guards: BrowserPostGuards,
  signedInEmail: (ctx: Context) => Promise<string | null>,
): void {
  const { listEndpoint } = consultationLinks;
  const viewOf = async (ctx: Context) => {
    const slug = ctx.params.slug ?? '';
    const view = pageSlug.test(slug) ? await records.view(slug) : null;
    return view ?? ctx.throw(404, NO_SUCH);
  };

  router.get(listEndpoint, async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await records.list();
  });

  router.get(`${listEndpoint}/:slug`, async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await viewOf(ctx);
  });

  router.get(`${listEndpoint}/:slug/open-data.json`, async (ctx) => {
    const view = await viewOf(ctx);
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Disposition', `attachment; filename="${view.slug}-comments.json"`);
    ctx.body = { consultation: view.slug, title: view.title, phase: view.phase, comments: openDataRows(view) };
  });

  router.get(`${listEndpoint}/:slug/open-data.csv`, async (ctx) => {
    const view = await viewOf(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Disposition', `attachment; filename="${view.slug}-comments.csv"`);
    ctx.body = [OPEN_DATA_COLUMNS, ...openDataRows(view).map((row) => OPEN_DATA_COLUMNS.map((column) => row[column]))]
      .map((line) => line.map(csvCell).join(','))
      .join('\r\n')
      .concat('\r\n');
  });

  const commentsPath = `${listEndpoint}/:slug/comments`;
  router.post(commentsPath, ...guards(commentsPath), async (ctx) => {
    const { email, ...input } = parseBody(ctx, commentSchema);
    const slug = ctx.params.slug ?? '';
    if (!pageSlug.test(slug)) return ctx.throw(404, NO_SUCH);
    const member = await signedInEmail(ctx);
    let answer: CommentAnswer;
    if (member) {
      ctx.status = 201;
      answer = { status: 'published', id: await records.comment(slug, input, member) };
    } else if (email) {
      await held.hold(slug, input, email);
      ctx.status = 202;
      answer = { status: 'awaiting-email' };
    } else
      return ctx.throw(400, 'Sign in as a member, or give your email address.', {
        fieldErrors: { email: EMAIL_FOR_COMMENT },
      });
    ctx.body = answer;
  });

  const publishPath = `${commentsPath}/publish`;
  router.post(publishPath, ...guards(publishPath), async (ctx) => {
    const id = (await held.publish(linkTokenOf(ctx))) ?? ctx.throw(410, LINK_USED_OR_EXPIRED);
    ctx.body = { status: 'published', id } satisfies CommentAnswer;
  });
}
