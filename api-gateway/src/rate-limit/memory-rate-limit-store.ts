import type { RateLimitStore } from './rate-limit-store.js';

/** Windows in the memory of this process: right for one gateway instance. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;

  function sweep(time: number) {
    if (time < nextSweep) return;
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    nextSweep = time + 60_000;
  }

  return {
    hit: async (key, windowMs) => {
      const time = now();
      sweep(time);
      let window = windows.get(key);
      if (!window || window.endsAt <= time) {
        window = { count: 0, endsAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - time };
    },
    close: async () => windows.clear(),
  };
}
