import { Worker } from 'node:worker_threads';
import type { GatewayConfig } from '../../config.js';
import { CommonPasswordError, isCommonPassword } from './common-passwords.js';

/**
 * OWASP's first recommended argon2id setting (19 MiB, 2 passes, 1 lane): about 25 ms of one core
 * on this machine's class of hardware, off the event loop. @node-rs/argon2 uses argon2id by default.
 */
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Refusal when every hashing thread and the queue are taken: the visitor retries in a moment. */
export class PasswordHashingBusyError extends Error {
  readonly status = 503;
  readonly expose = true;
  readonly headers = { 'Retry-After': '2' };
  constructor() {
    super('Many people are joining right now. Please try again in a few seconds.');
  }
}

export interface PasswordHasher {
  /** Refuses one of the most used passwords (CommonPasswordError, a 400 under its field). */
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `passwordHash`; with no hash (an unknown email), it checks against a
   * hash of nothing, so that the answer takes the same time either way.
   */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
  /** Ends its threads; a hash or check still pending fails. */
  close(): Promise<void>;
}

const CLOSED = 'The password hasher is closed';

type Job = { kind: 'hash'; password: string } | { kind: 'verify'; password: string; passwordHash: string };
interface Queued {
  job: Job;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * `size` threads of `hashing-thread.js` at low priority, started on first use and holding the process
 * open only while they work, each given one job at a time; `queue` more jobs may wait, beyond that
 * `run` refuses. `close` ends the threads: an idle one holds argon2's memory until then.
 */
function hashingThreads(size: number, queue: number) {
  const idle: Worker[] = [];
  const waiting: Queued[] = [];
  const working = new Map<Worker, Queued>();
  let closed = false;
  let nextId = 0;

  const give = (thread: Worker, queued: Queued) => {
    thread.ref();
    working.set(thread, queued);
    thread.postMessage({ id: (nextId += 1), ...queued.job, options: OWASP_ARGON2ID });
  };
  const start = () => {
    const thread = new Worker(new URL('./hashing-thread.js', import.meta.url), { env: {} });
    thread.on('message', ({ result, error }: { result?: string | boolean; error?: string }) => {
      const done = working.get(thread);
      working.delete(thread);
      if (error === undefined) done?.resolve(result!);
      else done?.reject(new Error(error));
      const next = waiting.shift();
      if (next) give(thread, next);
      else {
        thread.unref();
        idle.push(thread);
      }
    });
    // A thread that dies (an error it did not catch, running out of memory) is forgotten, whether it
    // was working or idle, and the jobs waiting get new threads: none waits on a thread that is gone.
    const lose = (error: Error) => {
      const idleAt = idle.indexOf(thread);
      if (idleAt !== -1) idle.splice(idleAt, 1);
      working.get(thread)?.reject(error);
      working.delete(thread);
      while (!closed && waiting.length > 0 && working.size < size) give(start(), waiting.shift()!);
    };
    thread.on('error', lose);
    thread.on('exit', (code) => lose(new Error(`A password hashing thread stopped (exit code ${code})`)));
    return thread;
  };

  const run = (job: Job) =>
    new Promise<string | boolean>((resolve, reject) => {
      if (closed) return reject(new Error(CLOSED));
      const queued = { job, resolve, reject };
      // With none idle, every thread started is working.
      const thread = idle.pop() ?? (working.size < size ? start() : undefined);
      if (thread) give(thread, queued);
      else if (waiting.length < queue) waiting.push(queued);
      else reject(new PasswordHashingBusyError());
    });

  const close = async () => {
    closed = true;
    const ended = new Error(CLOSED);
    const threads = [...idle.splice(0), ...working.keys()];
    [...working.values(), ...waiting.splice(0)].forEach(({ reject }) => reject(ended));
    working.clear();
    await Promise.all(threads.map((thread) => thread.terminate()));
  };

  return { run, close };
}

/**
 * Hashes and verifies passwords a few at a time (a PHC string with a random salt) on threads of low
 * priority, so that a burst of registrations or sign-ins cannot take the cores from the requests
 * that read: past the queue, it refuses at once rather than letting the wait grow.
 */
export function passwordHasher({ concurrency, queue }: GatewayConfig['passwordHashing']): PasswordHasher {
  const { run, close } = hashingThreads(concurrency, queue);
  // Every new password is hashed here: the place to refuse one of the most used.
  const hash = async (password: string) => {
    if (isCommonPassword(password)) throw new CommonPasswordError();
    return (await run({ kind: 'hash', password })) as string;
  };
  // Made on the first sign-in with an unknown address, not at start-up.
  let nobody: Promise<string> | undefined;
  return {
    hash,
    verify: async (passwordHash, password) => {
      const matches = (await run({
        kind: 'verify',
        passwordHash: passwordHash ?? (await (nobody ??= hash(''))),
        password,
      })) as boolean;
      return passwordHash !== null && matches;
    },
    close,
  };
}
