import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { pino } from 'pino';
import { createClient } from '@redis/client';
import { eventually } from '../../testing/eventually.js';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.js';
import { createFormRateLimiter, type FormRateLimiter } from './form-rate-limiter.js';
import { testServiceAvailable } from '../../testing/test-services.js';

const silent = pino({ level: 'silent' });

function memoryLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('the form rate limiter in memory', () => {
  // The window is read from the clock the test moves: a minute passes at once.
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('allows `limit` submissions of a key per window, then refuses until the window ends', async () => {
    const limiter = await createFormRateLimiter(
      { limit: 2, windowMs: 60_000, redisUrl: null, keyPrefix: 'test' },
      silent,
    );
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 1, limit: 2 });
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await limiter.consume('a');
    expect(refused.allowed).toBe(false);
    expect(refused.resetMs).toBe(60_000);
    expect(await limiter.consume('b')).toMatchObject({ allowed: true });
    jest.advanceTimersByTime(59_999);
    expect(await limiter.consume('a')).toMatchObject({ allowed: false, resetMs: 1 });
    jest.advanceTimersByTime(1);
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 1 });
  });
});

const redisUrl = process.env.REDIS_URL;

(testServiceAvailable('redis') ? describe : describe.skip)('the form rate limiter in Redis (REDIS_URL)', () => {
  const target = redisUrl ? new URL(redisUrl) : new URL('redis://127.0.0.1:6379');
  let proxy: TcpProxy;
  const limiters: FormRateLimiter[] = [];
  const keyPrefix = `test-${process.pid}-${Date.now()}`;

  /**
   * A limiter through the proxy. `patient` gives Redis seconds to answer instead of 50 ms, for the
   * tests of what Redis shares: on a loaded machine a first answer has taken longer than 50 ms, and the
   * limiter then counted in memory, as it should, but not what those tests look at.
   */
  async function limiterVia(options: { limit?: number; logger?: pino.Logger; patient?: boolean } = {}) {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const limiter = await createFormRateLimiter(
      { limit: options.limit ?? 3, windowMs: 30_000, redisUrl: url.toString(), keyPrefix },
      options.logger ?? silent,
      options.patient ? { redisAnswerWithinMs: 10_000 } : {},
    );
    limiters.push(limiter);
    return limiter;
  }

  beforeEach(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  });
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.close().catch(() => undefined)));
    await proxy.close();
  });

  it('shares one count between gateway instances, under the configured key prefix', async () => {
    const [first, second] = await Promise.all([limiterVia({ patient: true }), limiterVia({ patient: true })]);
    const key = `shared-${Date.now()}`;
    const answers = [];
    for (const limiter of [first, second, first, second]) answers.push((await limiter.consume(key)).allowed);
    expect(answers).toEqual([true, true, true, false]);

    const client = createClient({ url: redisUrl });
    await client.connect();
    expect(await client.exists(`${keyPrefix}:${key}`)).toBe(1);
    await client.close();
  });

  it('shares the other counts it keeps (failed admin sign-ins) between instances too', async () => {
    const [first, second] = await Promise.all([limiterVia({ patient: true }), limiterVia({ patient: true })]);
    const [onFirst, onSecond] = [first.counter('admin-failures', 2, 60), second.counter('admin-failures', 2, 60)];
    const client = `client-${Date.now()}`;
    expect((await onFirst.consume(client)).allowed).toBe(true);
    expect((await onSecond.consume(client)).allowed).toBe(true);
    expect(await onFirst.peek(client)).toMatchObject({ consumed: 2 });
    expect((await onFirst.consume(client)).allowed).toBe(false);
  });

  it('counts in memory at once, and says so once, when Redis goes away; and back in Redis when it returns', async () => {
    const { logger, lines } = memoryLogger();
    const limiter = await limiterVia({ logger, limit: 100 });
    await limiter.consume('k');
    await proxy.cut();
    const during = [];
    for (let attempt = 0; attempt < 20; attempt += 1) during.push(await timed(() => limiter.consume('k')));
    expect(during.every(({ result }) => result.allowed)).toBe(true);
    // Calls do not wait for Redis's 50 ms (the median), nor any for long (the maximum, with the
    // margin a loaded machine needs for one pause).
    const times = during.map(({ ms }) => ms).sort((a, b) => a - b);
    expect(times[10]).toBeLessThan(40);
    expect(times.at(-1)).toBeLessThan(500);
    expect(lines.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);

    await proxy.restore();
    await eventually(() => lines.some((line) => line.includes('Redis is back')));
  });

  it('does not wait for a Redis that stopped answering', async () => {
    const limiter = await limiterVia({ limit: 100 });
    await limiter.consume('k');
    proxy.freeze();
    const during = [];
    for (let attempt = 0; attempt < 5; attempt += 1) during.push(await timed(() => limiter.consume('k')));
    expect(during.every(({ result }) => result.allowed)).toBe(true);
    // The limiter gives Redis 50 ms; a frozen Redis without that limit is waited for as long as it
    // stays frozen. The margin is for a loaded CI machine, where a 50 ms timer has fired after 206 ms.
    expect(Math.max(...during.map(({ ms }) => ms))).toBeLessThan(500);
  });

  it('refuses to start when Redis cannot be reached', async () => {
    await proxy.cut();
    await expect(limiterVia()).rejects.toThrow(/is unreachable/);
  });
});
