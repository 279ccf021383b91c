import type { Middleware } from 'koa';
import { clientNetwork } from '../client-network.js';
import type { FormRateLimiter } from '../rate-limit/form-rate-limiter.js';

/**
 * Allows each client (clientNetwork: an IPv6 /64 is one) a number of requests to one route per
 * window, then answers 429 with Retry-After. The key is the route as declared, never the URL as
 * spelt: `/API/Newsletter/` and `/api/newsletter` share one allowance.
 */
export function rateLimit(limiter: FormRateLimiter, route: string): Middleware {
  return async (ctx, next) => {
    const decision = await limiter.consume(`${route}:${clientNetwork(ctx.ip)}`);
    const resetSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(decision.remaining));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (!decision.allowed) {
      ctx.throw(429, 'Too many submissions from your connection. Please wait a minute and try again.', {
        headers: { 'Retry-After': String(resetSeconds) },
      });
    }
    await next();
  };
}
