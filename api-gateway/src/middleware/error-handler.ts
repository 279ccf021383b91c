import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

interface HttpError extends Error {
  status?: number;
  expose?: boolean;
}

/** Turns every thrown error into one JSON answer `{ message }`; hides the details of a 5xx. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught as HttpError;
      const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
      if (status >= 500) logger.error({ err: error, path: ctx.path }, 'request failed');
      ctx.status = status;
      ctx.body = { message: status < 500 || error.expose ? error.message : 'Internal server error' };
    }
  };
}
