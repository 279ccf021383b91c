import { memoryRateLimitStore } from './memory-rate-limit-store.js';

describe('memoryRateLimitStore', () => {
  it('counts hits per key within a window and starts again when it ends', async () => {
    let now = 1_000;
    const store = memoryRateLimitStore(() => now);
    expect(await store.hit('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 4_000;
    expect(await store.hit('a', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.hit('b', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 6_000;
    expect(await store.hit('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
  });
});
