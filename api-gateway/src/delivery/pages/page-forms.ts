import { bodyParser } from '@koa/bodyparser';
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  memberLinks,
  PAGE_FORM_FIELD,
  PAGE_FORM_SENT,
  pageFormAnchor,
  pageFormEndpoints,
  pageFormNames,
  type CommentAnswer,
  type EventPlaceAnswer,
  type FormSubmission,
  type MemberSignInAnswer,
  type PageFormName,
} from '@party/shared-contracts';
import { FORM_BODY_LIMIT_BYTES, httpAnswerOf, linkTokenOf, readAsForm, type Logger } from '../../platform/index.js';

/** What a page form's post comes to: a 303 to `location`, or its page again with what was wrong. */
export type PageFormOutcome = { location: string } | { status: number; submission: FormSubmission };

/** Sends a browser's own form post to a page through the form's endpoint; null: not a page form post. */
export type PageFormPosts = (ctx: Context) => Promise<PageFormOutcome | null>;

const isPageForm = (name: unknown): name is PageFormName => pageFormNames.includes(name as PageFormName);

/** Never written back into a page: a password the browser sent travels once. */
const SECRET_FIELDS = /password/i;

const urlencoded = bodyParser({
  enableTypes: ['text'],
  extendTypes: { text: ['application/x-www-form-urlencoded'] },
  textLimit: FORM_BODY_LIMIT_BYTES,
  onError: (error: Error & { status?: number }, ctx) =>
    ctx.throw(error.status === 413 ? 413 : 400, `The form is larger than ${FORM_BODY_LIMIT_BYTES / 1024} KB.`),
});

/**
 * A form's fields as its schema takes them: a list for an array, a box's presence for `true`, the
 * first value for anything else (absent when not sent, so that the schema names what is missing).
 */
function bodyOf(form: PageFormName, fields: URLSearchParams): Record<string, unknown> {
  const shape = pageFormEndpoints[form].schema._zod.def.shape as Record<string, { _zod: { def: { type: string } } }>;
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const type = field._zod.def.type;
    if (type === 'array') body[name] = fields.getAll(name);
    else if (type === 'literal' || type === 'boolean') body[name] = fields.has(name);
    else if (fields.has(name)) body[name] = fields.get(name);
  }
  return body;
}

const valuesOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => !SECRET_FIELDS.test(name))) as FormSubmission['values'];

/**
 * Where a sent form takes the browser: the membership confirmation; a signed-in member's area, or
 * the sign-in page's second step (`?factor=`); the home page once signed out; or back to the form,
 * which says it was sent (an event's, where in the waitlist's queue; a comment's, that it waits
 * for its emailed link).
 */
function sentLocation(
  pagePath: string,
  form: PageFormName,
  body: Record<string, unknown>,
  answer: unknown,
  token: string,
): string {
  if (form === 'membership') return `/membership-confirmation?tier=${encodeURIComponent(String(body.membershipTier))}`;
  if (form === 'membershipConfirmation') return memberLinks.accountPage;
  if (form === 'memberSignOut') return '/';
  // A new password signs the member in as a sign-in does: then their second factor, if they have one.
  if (form === 'memberSignIn' || form === 'newPassword') {
    const signIn = answer as MemberSignInAnswer;
    return signIn.signedIn
      ? memberLinks.accountPage
      : `${memberLinks.signInPage}?factor=${signIn.passkey ? 'passkey' : 'code'}`;
  }
  // A place's page shows the place its link names, as it now stands.
  if (form === 'eventPlaceCancellation' || form === 'eventPlaceAcceptance')
    return `${pagePath}?token=${encodeURIComponent(token)}&${PAGE_FORM_SENT}=${form}`;
  // A place in the waitlist's queue is said on the page the browser comes back to.
  const queued = form === 'eventRegistration' && (answer as EventPlaceAnswer).status === 'waitlisted';
  const place = queued ? `&place=waitlisted&position=${(answer as { position: number }).position}` : '';
  // So is a comment that waits for its emailed link.
  const held = form === 'consultationComment' && (answer as CommentAnswer).status === 'awaiting-email';
  return `${pagePath}?${PAGE_FORM_SENT}=${form}${place}${held ? '&comment=awaiting-email' : ''}#${pageFormAnchor(form)}`;
}

/**
 * A page form posted by the browser alone (its code not run, or switched off) goes through the very
 * middleware of its JSON endpoint (in `router`): the same origin check, rate limit, schema and
 * double opt-in. Success is a 303 (post, redirect, get); a refusal gives the page its fields'
 * messages, and its status, to render the page with.
 */
export function pageFormPosts(router: Router, logger: Logger): PageFormPosts {
  const endpoints = router.routes();
  return async (ctx) => {
    if (!ctx.is('application/x-www-form-urlencoded')) return null;
    await urlencoded(ctx, async () => undefined);
    const fields = new URLSearchParams(typeof ctx.request.body === 'string' ? ctx.request.body : '');
    const form = fields.get(PAGE_FORM_FIELD);
    if (!isPageForm(form)) return null;
    const body = bodyOf(form, fields);
    const pagePath = ctx.path;
    const pageMethod = ctx.method;
    const submission = (status: number, message: string, fieldErrors: Record<string, string> = {}) => ({
      status,
      submission: { form, status, values: valuesOf(body), fieldErrors, message },
    });
    const endpoint: { path: string | ((pagePath: string) => string); method?: string } = pageFormEndpoints[form];
    ctx.path = typeof endpoint.path === 'string' ? endpoint.path : endpoint.path(pagePath);
    ctx.method = endpoint.method ?? 'POST';
    readAsForm(ctx, body);
    try {
      await endpoints(ctx as Parameters<typeof endpoints>[0], async () => ctx.throw(404, 'Not found'));
      if (ctx.status >= 400) return submission(ctx.status, 'Your form could not be sent. Please try again.');
      return { location: sentLocation(pagePath, form, body, ctx.body, linkTokenOf(ctx)) };
    } catch (caught) {
      const { status, exposed, headers, body: answer } = httpAnswerOf(caught);
      ctx.set(headers);
      if (!exposed) {
        logger.error({ err: caught, form }, 'a page form post failed');
        return submission(status, 'Something went wrong on our side. Please try again in a few minutes.');
      }
      return submission(status, answer.message, answer.fieldErrors as Record<string, string> | undefined);
    } finally {
      ctx.path = pagePath;
      ctx.method = pageMethod;
      ctx.body = undefined;
    }
  };
}
