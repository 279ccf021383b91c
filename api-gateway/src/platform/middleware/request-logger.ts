import { createHmac } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/** Longer paths are cut: a client must not decide how large a log line is. */
const LOGGED_PATH_CHARS = 200;

/** Identifiers kept for the addresses seen most recently, so that a busy client costs one hash a day. */
const REMEMBERED_CLIENTS = 1000;

/**
 * A client's identifier in the logs: a keyed hash of its address that changes every day, so that
 * abuse can be followed within a day and the address cannot be read back.
 */
export function clientIdentifier(key: string): (address: string) => string {
  let day = '';
  const known = new Map<string, string>();
  return (address) => {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      known.clear();
    }
    let identifier = known.get(address);
    if (!identifier) {
      identifier = createHmac('sha256', key).update(`${day}|${address}`).digest('base64url').slice(0, 16);
      if (known.size >= REMEMBERED_CLIENTS) known.clear();
      known.set(address, identifier);
    }
    return identifier;
  };
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
        {
          method: ctx.method,
          path: boundedPath(ctx.path),
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          client: identify(ctx.ip),
        },
        'request',
      );
    }
  };
}
