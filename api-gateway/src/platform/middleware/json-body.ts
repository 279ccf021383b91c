import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';

/** The largest form body the gateway reads; the longest valid form is well under it. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * PostgreSQL text cannot hold U+0000: such a form is the sender's mistake (400), not an outage.
 * Walked without recursion: a client chooses how deep its JSON nests.
 */
function holdsNul(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && value.includes('\u0000')) return true;
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

const refuseBody =
  (limitBytes: number) =>
  (error: Error & { status?: number; type?: string }, ctx: Context): never => {
    if (error.status === 413) ctx.throw(413, `The form is larger than ${limitBytes / 1024} KB.`);
    if (error.status === 415) ctx.throw(415, 'Send the form as UTF-8 JSON.');
    ctx.throw(400, 'The request body is not valid JSON.');
  };

/** Requests whose browser form post was read as the JSON it stands for. */
const readAsForms = new WeakSet<Context>();

/**
 * A browser's own form post to a page (urlencoded), read by the page-form middleware into the JSON
 * object its endpoint takes: that endpoint's guards then check it as they check JSON.
 */
export function readAsForm(ctx: Context, body: Record<string, unknown>): void {
  readAsForms.add(ctx);
  ctx.request.body = body;
}

/**
 * Reads a JSON request body into `ctx.state.body` with @koa/bodyparser: 415 for any other content
 * type (unless readAsForm already read it), 413 past the limit (declared or streamed), 400 for
 * malformed JSON or text holding NUL.
 */
export function jsonBody(limitBytes = FORM_BODY_LIMIT_BYTES): Middleware[] {
  return [
    async (ctx, next) => {
      if (!readAsForms.has(ctx) && !ctx.is('application/json'))
        ctx.throw(415, 'Send the form as JSON (Content-Type: application/json).');
      await next();
    },
    bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, onError: refuseBody(limitBytes) }),
    async (ctx, next) => {
      if (holdsNul(ctx.request.body)) ctx.throw(400, 'The form holds a character that cannot be stored (U+0000).');
      ctx.state.body = ctx.request.body;
      await next();
    },
  ];
}
