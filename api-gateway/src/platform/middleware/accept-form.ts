import type { Context, Middleware } from 'koa';
import type { SiteOrigin } from '../site-origin.js';
import * as z from 'zod/mini';
import { fieldErrorsOf, type FormReceipt } from '@party/shared-contracts';

const receipt: FormReceipt = { received: true };

/**
 * `ctx.state.body` as the shared schema reads it (only the fields it knows); otherwise 400 with each
 * field's message, as the form shows it.
 */
export function parseBody<T>(ctx: Context, schema: z.ZodMiniType<T>): T {
  const parsed = schema.safeParse(ctx.state.body);
  if (parsed.success) return parsed.data;
  return ctx.throw(400, 'Some fields need your attention. Please correct them and try again.', {
    fieldErrors: fieldErrorsOf(parsed.error),
  });
}

/** The token of the emailed link a page posts on (`?token=`); empty when there is none. */
export const linkTokenOf = (ctx: Context) => (typeof ctx.query.token === 'string' ? ctx.query.token : '');

/**
 * Validates the form with its shared schema (parseBody), saves it (with the site's origin, for
 * links in emails), and answers 201 with what the save answered (or the receipt). A failure to save is a 503: the visitor can try again, and
 * nothing was stored.
 */
export function acceptForm<T>(
  schema: z.ZodMiniType<T>,
  save: (form: T, origin: string) => Promise<object | void>,
  siteOrigin: SiteOrigin,
): Middleware {
  return async (ctx) => {
    const form = parseBody(ctx, schema);
    let answer: object | void = undefined;
    try {
      answer = await save(form, siteOrigin.href);
    } catch (cause) {
      // An error that already says what to answer (a busy password hasher) keeps its answer.
      if (typeof (cause as { status?: unknown }).status === 'number') throw cause;
      ctx.throw(503, 'We could not save your submission just now. Please try again in a few minutes.', {
        cause,
        expose: true,
      });
    }
    ctx.status = 201;
    ctx.body = answer ?? receipt;
  };
}
