import type { Worker } from 'node:worker_threads';
import type { PasswordHasher } from './password-hash.js';

// An ES module test reaches jest's module mocks through import.meta (@types/jest does not type them).
const { jest } = import.meta as unknown as {
  jest: { unstable_mockModule(name: string, factory: () => unknown): void; requireActual<T>(name: string): T };
};

// Every hashing thread the hasher makes, so that a test can end one as a crash would.
const threads: Worker[] = [];
jest.unstable_mockModule('node:worker_threads', () => {
  const actual = jest.requireActual<typeof import('node:worker_threads')>('node:worker_threads');
  class RecordedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      threads.push(this);
    }
  }
  return { ...actual, Worker: RecordedWorker };
});
const { passwordHasher } = await import('./password-hash.js');

let hasher: PasswordHasher;
afterEach(async () => {
  await hasher.close();
  threads.splice(0);
});

/** `work`'s outcome, or a failure named after it if it is not settled within 4 s. */
const settled = <T>(work: Promise<T>, name: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name}: no answer in 4 s`)), 4000).unref()),
  ]);

describe('passwordHasher when a hashing thread dies', () => {
  it('forgets an idle thread that died and hashes on a new one', async () => {
    hasher = passwordHasher({ concurrency: 1, queue: 1 });
    await hasher.hash('correct horse');
    await threads[0]!.terminate();
    await expect(settled(hasher.hash('battery staple'), 'the next hash')).resolves.toMatch(/^\$argon2id\$/);
    expect(threads).toHaveLength(2);
  });

  it('fails the job of a working thread that died, and gives the waiting jobs a new thread', async () => {
    hasher = passwordHasher({ concurrency: 1, queue: 2 });
    const working = hasher.hash('correct horse');
    const waiting = [hasher.hash('battery staple'), hasher.hash('tr0ub4dor')];
    await threads[0]!.terminate();
    await expect(settled(working, 'the job of the dead thread')).rejects.toThrow('A password hashing thread stopped');
    const hashes = await settled(Promise.all(waiting), 'the waiting jobs');
    expect(hashes).toEqual([expect.stringMatching(/^\$argon2id\$/), expect.stringMatching(/^\$argon2id\$/)]);
    expect(threads).toHaveLength(2);
  });
});
