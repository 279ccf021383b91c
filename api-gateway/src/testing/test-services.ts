import fs from 'node:fs';

type TestService = 'postgres' | 'redis' | 'proc';

const present: Record<TestService, () => boolean> = {
  postgres: () => Boolean(process.env.DATABASE_URL),
  redis: () => Boolean(process.env.REDIS_URL),
  proc: () => fs.existsSync('/proc/self/task'),
};

const doneWithout = new Set((process.env.TEST_WITHOUT ?? '').split(',').filter(Boolean));

/**
 * Whether the tests that need `service` (PostgreSQL at DATABASE_URL, Redis at REDIS_URL, Linux's
 * /proc) can run here. Without it they are skipped on a developer's machine; in CI (`CI=true`) its
 * absence is an error, so that a pass there cannot hide tests that never ran, unless the run names
 * what it does without (`TEST_WITHOUT=postgres,redis`).
 */
export function testServiceAvailable(service: TestService): boolean {
  if (present[service]()) return true;
  if (process.env.CI && !doneWithout.has(service)) {
    throw new Error(
      `CI runs the tests that need ${service}, and it is not here: set it up, or name it in TEST_WITHOUT.`,
    );
  }
  return false;
}
