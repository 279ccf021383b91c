import type { Middleware } from 'koa';
import type { FormErrorBody } from '@party/shared-contracts';
import type { Logger } from '../logger.js';
import { boundedPath } from './request-logger.js';

interface HttpError extends Error {
  status?: number;
  expose?: boolean;
  headers?: Record<string, string>;
  fieldErrors?: FormErrorBody['fieldErrors'];
}

/**
 * Turns every thrown error into one JSON answer `{ message, fieldErrors? }` with the error's
 * headers (Retry-After); hides the details of an unexpected 5xx.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught as HttpError;
      const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
      if (status >= 500) logger.error({ err: error, path: boundedPath(ctx.path) }, 'request failed');
      ctx.status = status;
      if (error.headers) ctx.set(error.headers);
      const body: FormErrorBody = { message: status < 500 || error.expose ? error.message : 'Internal server error' };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      ctx.body = body;
    }
  };
}
