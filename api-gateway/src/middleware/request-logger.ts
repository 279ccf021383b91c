import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/** One log line per request: method, path, status and duration (no query string, no body). */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
