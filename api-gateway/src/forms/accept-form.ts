import type { Context, Middleware } from 'koa';
import * as z from 'zod/mini';
import { fieldErrorsOf, type FormReceipt } from '@party/shared-contracts';

const receipt: FormReceipt = { received: true };

/**
 * Validates `ctx.state.body` with the form's shared schema (400 with each field's message), keeps
 * only the fields the schema knows, saves them (with the site's origin, for links in emails), and answers 201. A failure to save is a 503: the
 * visitor can try again, and nothing was stored.
 */
export function acceptForm<T>(schema: z.ZodMiniType<T>, save: (form: T, origin: string) => Promise<void>, siteOrigin: (ctx: Context) => string): Middleware {
  return async (ctx) => {
    const parsed = schema.safeParse(ctx.state.body);
    const form = parsed.success
      ? parsed.data
      : ctx.throw(400, 'Some fields need your attention. Please correct them and try again.', {
          fieldErrors: fieldErrorsOf(parsed.error),
        });
    try {
      await save(form, siteOrigin(ctx));
    } catch (cause) {
      // An error that already says what to answer (a busy password hasher) keeps its answer.
      if (typeof (cause as { status?: unknown }).status === 'number') throw cause;
      ctx.throw(503, 'We could not save your submission just now. Please try again in a few minutes.', { cause, expose: true });
    }
    ctx.status = 201;
    ctx.body = receipt;
  };
}
