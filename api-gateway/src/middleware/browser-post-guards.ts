import type { Middleware } from 'koa';
import type { GatewayConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';
import { jsonBody } from './json-body.js';
import { rateLimit } from './rate-limit.js';
import { sameOrigin } from './same-origin.js';

export interface BrowserPostGuardOptions {
  config: Pick<GatewayConfig, 'rateLimit' | 'allowedOrigins'>;
  rateLimitStore: RateLimitStore;
  logger: Logger;
}

/**
 * What every JSON POST from the site's pages passes, in this order, so that a forged or flooding
 * request is refused before its body is read: same origin, rate limit, JSON body.
 */
export function browserPostGuards({ config, rateLimitStore, logger }: BrowserPostGuardOptions): Middleware[] {
  return [
    sameOrigin(config.allowedOrigins),
    rateLimit({ store: rateLimitStore, limit: config.rateLimit.limit, windowMs: config.rateLimit.windowMs, logger }),
    jsonBody(),
  ];
}
