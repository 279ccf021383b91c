import fs from 'node:fs';
import { verify } from '@node-rs/argon2';
import {
  PasswordHashingBusyError,
  passwordHasher as openPasswordHasher,
  type PasswordHasher,
} from './password-hash.js';
import { testServiceAvailable } from '../../testing/test-services.js';

const opened: PasswordHasher[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((hasher) => hasher.close()));
});

/** A hasher that is closed after the test. */
function passwordHasher(options: Parameters<typeof openPasswordHasher>[0]): PasswordHasher {
  const hasher = openPasswordHasher(options);
  opened.push(hasher);
  return hasher;
}

// Linux: the nice value of each thread of this process is field 19 of /proc/self/task/<tid>/stat.
const niceValues = () =>
  fs
    .readdirSync('/proc/self/task')
    .map((tid) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
/** The hashing threads alive in this process: the only ones at nice 10. */
const hashingThreadCount = () => niceValues().filter((nice) => nice === 10).length;

describe('passwordHasher', () => {
  it('hashes with argon2id, a fresh salt each time', async () => {
    const { hash } = passwordHasher({ concurrency: 1, queue: 1 });
    const [first, second] = await Promise.all([hash('correct horse'), hash('correct horse')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    await expect(verify(first, 'correct horse')).resolves.toBe(true);
  });

  it('verifies a password, and takes as long to refuse an unknown member', async () => {
    const hasher = passwordHasher({ concurrency: 1, queue: 4 });
    const stored = await hasher.hash('correct horse');
    await expect(hasher.verify(stored, 'correct horse')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'wrong horse')).resolves.toBe(false);
    // The work each refusal costs, as the process's CPU time (its hashing threads' included): the
    // wall time of a low-priority thread on a busy machine measures the machine (a CI run had an
    // unknown member's median at 22 ms of wall time against 71 ms). Turn about, five of each,
    // compared by their medians.
    const timed = async (work: () => Promise<boolean>) => {
      const before = process.cpuUsage();
      expect(await work()).toBe(false);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timed(() => hasher.verify(stored, 'wrong horse')));
      unknown.push(await timed(() => hasher.verify(null, 'correct horse')));
    }
    const median = (samples: number[]) => samples.sort((a, b) => a - b)[2]!;
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  it('refuses at once, with 503 and Retry-After, past its slots and queue', async () => {
    const { hash } = passwordHasher({ concurrency: 1, queue: 2 });
    const started = performance.now();
    const refusedAfter: number[] = [];
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        hash('correct horse').catch((error: unknown) => {
          refusedAfter.push(performance.now() - started);
          throw error;
        }),
      ),
    );
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    const reason = (refused[0] as PromiseRejectedResult).reason as PasswordHashingBusyError;
    expect(reason).toBeInstanceOf(PasswordHashingBusyError);
    expect(reason).toMatchObject({ status: 503, expose: true, headers: { 'Retry-After': '2' } });
    // At once: not after the hashes ahead of them (which a loaded machine makes slow).
    expect(Math.max(...refusedAfter)).toBeLessThan(1000);
  });

  (testServiceAvailable('proc') ? it : it.skip)(
    'ends its threads when closed, failing what is still pending',
    async () => {
      const before = hashingThreadCount();
      const hasher = openPasswordHasher({ concurrency: 2, queue: 2 });
      await Promise.all([hasher.hash('correct horse'), hasher.hash('battery staple')]);
      expect(hashingThreadCount()).toBe(before + 2);
      const outcomes = Promise.allSettled(Array.from({ length: 4 }, () => hasher.hash('correct horse')));
      await hasher.close();
      expect((await outcomes).map(({ status }) => status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
      expect(hashingThreadCount()).toBe(before);
      await expect(hasher.hash('correct horse')).rejects.toThrow('The password hasher is closed');
    },
  );

  (testServiceAvailable('proc') ? it : it.skip)(
    'hashes on a thread of low priority, so that the event loop keeps its core',
    async () => {
      const before = hashingThreadCount();
      await passwordHasher({ concurrency: 1, queue: 1 }).hash('correct horse');
      expect(hashingThreadCount()).toBe(before + 1);
      expect(
        Number(fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
      ).toBe(0);
    },
  );
});
