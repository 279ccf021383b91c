import { redisRateLimitStore } from './redis-rate-limit-store.js';

const redisUrl = process.env.REDIS_URL;

(redisUrl ? describe : describe.skip)('redisRateLimitStore (REDIS_URL)', () => {
  it('shares one count between instances and lets the window expire', async () => {
    const prefix = `test-${process.pid}-${Date.now()}:`;
    const [first, second] = await Promise.all([redisRateLimitStore(redisUrl!, prefix), redisRateLimitStore(redisUrl!, prefix)]);
    try {
      expect((await first.hit('k', 300)).count).toBe(1);
      const shared = await second.hit('k', 300);
      expect(shared.count).toBe(2);
      expect(shared.resetInMs).toBeGreaterThan(0);
      expect(shared.resetInMs).toBeLessThanOrEqual(300);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await first.hit('k', 300)).count).toBe(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('fails rather than waits when Redis cannot be reached', async () => {
    await expect(redisRateLimitStore('redis://127.0.0.1:1')).rejects.toThrow('Redis at 127.0.0.1:1 is unreachable');
  });
});
