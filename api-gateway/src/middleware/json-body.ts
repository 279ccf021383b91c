import type { Middleware } from 'koa';

/** The largest form body the gateway reads; the longest valid form is well under it. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Reads a JSON request body into `ctx.state.body`: 415 for any other content type, 413 past the
 * limit (before reading, when the length is declared), 400 for malformed JSON.
 */
export function jsonBody(limitBytes = FORM_BODY_LIMIT_BYTES): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('application/json')) ctx.throw(415, 'Send the form as JSON (Content-Type: application/json).');
    const tooLarge = () => ctx.throw(413, `The form is larger than ${limitBytes / 1024} KB.`);
    if (Number(ctx.get('Content-Length')) > limitBytes) tooLarge();

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) tooLarge();
      chunks.push(chunk);
    }
    try {
      ctx.state.body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      ctx.throw(400, 'The request body is not valid JSON.');
    }
    await next();
  };
}
