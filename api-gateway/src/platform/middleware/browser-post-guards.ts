import type { Context, Middleware } from 'koa';
import type { FormRateLimiter } from '../rate-limit/form-rate-limiter.js';
import type { SiteOrigin } from '../site-origin.js';
import { accountAttempts } from './account-attempts.js';
import { jsonBody } from './json-body.js';
import { rateLimit } from './rate-limit.js';
import { sameOrigin } from './same-origin.js';

/**
 * The guards of one route, given the route as declared; `body: false` for a request that has none
 * to read, `limitBytes` for one longer than a form (a newsletter), `perAccount` for a sign-in (its
 * attempts also counted per email address).
 */
export type BrowserPostGuards = ((
  route: string,
  options?: { body?: boolean; limitBytes?: number; perAccount?: boolean },
) => Middleware[]) & {
  /** The account's limit alone, for an account known only later (a signed-in session's). */
  attemptsOf(route: string, accountOf: (ctx: Context) => string): Middleware;
};

/**
 * What every JSON POST from the site's pages passes, in this order, so that a forged or flooding
 * request is refused before its body is read: same origin, rate limit, JSON body, then the account's limit.
 */
export function browserPostGuards({
  siteOrigin,
  limiter,
}: {
  siteOrigin: SiteOrigin;
  limiter: FormRateLimiter;
}): BrowserPostGuards {
  const origin = sameOrigin(siteOrigin);
  const formBody = jsonBody();
  const guards = (
    route: string,
    { body = true, limitBytes, perAccount = false }: { body?: boolean; limitBytes?: number; perAccount?: boolean } = {},
  ) => [
    origin,
    rateLimit(limiter, route),
    ...(!body ? [] : limitBytes ? jsonBody(limitBytes) : formBody),
    ...(perAccount ? [accountAttempts(limiter, route)] : []),
  ];
  return Object.assign(guards, {
    attemptsOf: (route: string, accountOf: (ctx: Context) => string) => accountAttempts(limiter, route, accountOf),
  });
}
