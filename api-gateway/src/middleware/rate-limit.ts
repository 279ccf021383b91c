import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';

export interface RateLimitOptions {
  store: RateLimitStore;
  limit: number;
  windowMs: number;
  logger: Logger;
}

/**
 * Allows each client `limit` requests to one endpoint per window, then answers 429 with
 * Retry-After. When the store is unreachable it lets requests through and logs: a form that works
 * matters more than a limit.
 */
export function rateLimit({ store, limit, windowMs, logger }: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    let window: Awaited<ReturnType<RateLimitStore['hit']>>;
    try {
      window = await store.hit(`${ctx.path}:${ctx.ip}`, windowMs);
    } catch (error) {
      logger.warn({ err: error }, 'rate limit store unavailable');
      return next();
    }
    const resetSeconds = Math.max(1, Math.ceil(window.resetInMs / 1000));
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limit - window.count)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (window.count > limit) {
      ctx.throw(429, 'Too many submissions from your connection. Please wait a minute and try again.', {
        headers: { 'Retry-After': String(resetSeconds) },
      });
    }
    await next();
  };
}
