import { createHmac } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/** Longer paths are cut: a client must not decide how large a log line is. */
const LOGGED_PATH_CHARS = 200;

/**
 * A client's identifier in the logs: a keyed hash of its address that changes every day, so that
 * abuse can be followed within a day and the address cannot be read back.
 */
export function clientIdentifier(key: string): (address: string) => string {
  return (address) => createHmac('sha256', key).update(`${new Date().toISOString().slice(0, 10)}|${address}`).digest('base64url').slice(0, 16);
}

export function boundedPath(path: string): string {
  return path.length > LOGGED_PATH_CHARS ? `${path.slice(0, LOGGED_PATH_CHARS)}…` : path;
}

/** One log line per request: method, path, status, duration and client identifier (no query, no body). */
export function requestLogger(logger: Logger, clientKey: string): Middleware {
  const identify = clientIdentifier(clientKey);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        { method: ctx.method, path: boundedPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started), client: identify(ctx.ip) },
        'request',
      );
    }
  };
}
