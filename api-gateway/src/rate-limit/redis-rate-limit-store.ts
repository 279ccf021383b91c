import { createClient } from '@redis/client';
import type { RateLimitStore } from './rate-limit-store.js';

/** Windows in Redis, so that every gateway instance behind a load balancer counts the same hits. */
export async function redisRateLimitStore(url: string, prefix = 'rate-limit:'): Promise<RateLimitStore> {
  let connected = false;
  const client = createClient({
    url,
    // Fail fast rather than queue: the rate limit must not hold a request while Redis is away.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      // A gateway that cannot reach Redis at start is misconfigured and stops; later it reconnects.
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(retries * 100, 2000) : new Error(`Redis at ${new URL(url).host} is unreachable`, { cause }),
    },
  });
  // Reconnection is automatic; a failed hit is reported by the rate limit middleware.
  client.on('error', () => undefined);
  await client.connect();
  connected = true;
  return {
    hit: async (key, windowMs) => {
      const name = prefix + key;
      const [count, , ttl] = await client.multi().incr(name).pExpire(name, windowMs, 'NX').pTTL(name).exec();
      return { count: Number(count), resetInMs: Math.max(Number(ttl), 0) };
    },
    close: async () => {
      await client.close();
    },
  };
}
