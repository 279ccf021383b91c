import type { Middleware } from 'koa';
import type { FormRateLimiter } from '../rate-limit/form-rate-limiter.js';

/**
 * Allows one account (the email address of the body) a number of attempts at a route per window,
 * from whichever clients: the per-client limit alone lets many machines share the guessing of one
 * password. Answered alike whether the account exists or not. After the body is read.
 */
export function accountAttempts(limiter: FormRateLimiter, route: string): Middleware {
  return async (ctx, next) => {
    const email = (ctx.state.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim() !== '') {
      const decision = await limiter.consume(`${route}:account:${email.trim().toLowerCase()}`);
      if (!decision.allowed) {
        ctx.throw(429, 'Too many attempts for this account. Please wait a minute and try again.', {
          headers: { 'Retry-After': String(Math.max(1, Math.ceil(decision.resetMs / 1000))) },
        });
      }
    }
    await next();
  };
}
