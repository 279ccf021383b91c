import { createClient } from '@redis/client';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { GatewayConfig } from '../../config.js';
import type { Logger } from '../logger.js';

/** Redis answers in well under a millisecond on a LAN: past this, it is treated as away. */
export const REDIS_ANSWER_WITHIN_MS = 50;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetMs: number;
}

/** A count of its own in the same store (Redis when configured): `points` per `seconds`, per key. */
export interface SharedCounter {
  /** Adds one for `key`; how it stands after. */
  consume(key: string): Promise<RateLimitDecision>;
  /** How `key` stands, without adding. */
  peek(key: string): Promise<{ consumed: number; resetMs: number } | null>;
}

/** Counts submissions per key (route and client) in fixed windows. */
export interface FormRateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
  /** Another count in the same store and namespace, under `name` (e.g. failed admin sign-ins). */
  counter(name: string, points: number, seconds: number): SharedCounter;
  close(): Promise<void>;
}

function decisionFrom(limiter: RateLimiterAbstract, limit: number): FormRateLimiter['consume'] {
  return async (key) => {
    const result = await limiter.consume(key).then(
      (res) => ({ res, allowed: true }),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) return { res: rejection, allowed: false };
        throw rejection;
      },
    );
    return { allowed: result.allowed, limit, remaining: result.res.remainingPoints, resetMs: result.res.msBeforeNext };
  };
}

/**
 * In this process's memory, or (REDIS_URL) in Redis shared by every gateway instance. When Redis is
 * away or slow, each instance counts in memory at once (the insurance limiter) instead of waiting:
 * a form that works matters more than an exact limit. Redis unreachable at start is a
 * misconfiguration and stops the gateway.
 */
function sharedCounter(limiter: RateLimiterAbstract, points: number): SharedCounter {
  return {
    consume: decisionFrom(limiter, points),
    peek: async (key) => {
      const res = await limiter.get(key);
      return res && { consumed: res.consumedPoints, resetMs: res.msBeforeNext };
    },
  };
}

export async function createFormRateLimiter(
  config: GatewayConfig['rateLimit'],
  logger: Logger,
  { redisAnswerWithinMs = REDIS_ANSWER_WITHIN_MS }: { redisAnswerWithinMs?: number } = {},
): Promise<FormRateLimiter> {
  const window = { points: config.limit, duration: config.windowMs / 1000, keyPrefix: config.keyPrefix };
  const memory = new RateLimiterMemory(window);
  const memoryCounter = (name: string, points: number, seconds: number) =>
    sharedCounter(
      new RateLimiterMemory({ points, duration: seconds, keyPrefix: `${config.keyPrefix}:${name}` }),
      points,
    );
  if (!config.redisUrl)
    return { consume: decisionFrom(memory, config.limit), counter: memoryCounter, close: async () => undefined };

  let connected = false;
  let away = false;
  const client = createClient({
    url: config.redisUrl,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries, cause) =>
        connected
          ? Math.min(100 * 2 ** retries, 2000)
          : new Error(`Redis at ${new URL(config.redisUrl ?? '').host} is unreachable`, { cause }),
    },
  });
  client.on('error', (error: Error) => {
    if (!away && connected)
      logger.warn({ err: error }, 'Redis unreachable: counting the form rate limit in memory until it is back');
    away = true;
  });
  client.on('ready', () => {
    if (away) logger.info('Redis is back: counting the form rate limit there again');
    away = false;
  });
  await client.connect();
  connected = true;

  const storeClient = client.withCommandOptions({ timeout: redisAnswerWithinMs });
  /** In Redis, and in memory at once while Redis is away or slow. */
  const inRedis = (options: { points: number; duration: number; keyPrefix: string }) =>
    new RLWrapperTimeouts({
      limiter: new RateLimiterRedis({ ...options, storeClient, useRedisPackage: true, rejectIfRedisNotReady: true }),
      insuranceLimiter: new RateLimiterMemory(options),
      timeoutMs: redisAnswerWithinMs,
    });
  const limiter = inRedis(window);
  return {
    consume: decisionFrom(limiter, config.limit),
    counter: (name, points, seconds) =>
      sharedCounter(inRedis({ points, duration: seconds, keyPrefix: `${config.keyPrefix}:${name}` }), points),
    // Nothing in flight matters at shutdown, and a hung Redis must not hold it.
    close: async () => {
      connected = false;
      client.destroy();
    },
  };
}
