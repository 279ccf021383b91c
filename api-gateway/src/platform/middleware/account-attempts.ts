import type { Context, Middleware } from 'koa';
import type { FormRateLimiter } from '../rate-limit/form-rate-limiter.js';

const emailOfBody = (ctx: Context) => (ctx.state.body as { email?: unknown } | undefined)?.email;

/**
 * Allows one account (by default the email address of the body, read before) a number of attempts
 * at a route per window, from whichever clients: the per-client limit alone lets many machines
 * share the guessing of one password. Answered alike whether the account exists or not.
 */
export function accountAttempts(
  limiter: FormRateLimiter,
  route: string,
  accountOf: (ctx: Context) => unknown = emailOfBody,
): Middleware {
  return async (ctx, next) => {
    const email = accountOf(ctx);
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
