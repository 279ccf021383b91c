import type { Middleware } from 'koa';
import type { FormErrorBody } from '@party/shared-contracts';
import type { Logger } from '../logger.js';
import { boundedPath } from './request-logger.js';
import { errorPage, sendStatusPage, wantsPage } from './status-page.js';

interface HttpError extends Error {
  status?: number;
  expose?: boolean;
  headers?: Record<string, string>;
  fieldErrors?: FormErrorBody['fieldErrors'];
}

/** What a thrown error answers: its status (500 for anything else), its headers and its body. */
export function httpAnswerOf(caught: unknown): {
  status: number;
  exposed: boolean;
  headers: Record<string, string>;
  body: FormErrorBody;
} {
  const error = caught as HttpError;
  const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
  const exposed = status < 500 || Boolean(error.expose);
  const body: FormErrorBody = { message: exposed ? error.message : 'Internal server error' };
  if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
  return { status, exposed, headers: error.headers ?? {}, body };
}

/**
 * Turns every thrown error into one JSON answer `{ message, fieldErrors? }` with the error's
 * headers (Retry-After), or a page for a browser opening or posting a page; hides the details of an
 * unexpected 5xx.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const answer = httpAnswerOf(caught);
      if (answer.status >= 500) logger.error({ err: caught, path: boundedPath(ctx.path) }, 'request failed');
      ctx.set(answer.headers);
      if (wantsPage(ctx))
        return sendStatusPage(ctx, errorPage(answer.status, answer.exposed ? answer.body.message : null));
      ctx.status = answer.status;
      ctx.body = answer.body;
    }
  };
}
