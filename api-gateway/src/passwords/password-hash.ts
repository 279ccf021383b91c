import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import type { GatewayConfig } from '../config.js';

/**
 * OWASP's first recommended argon2id setting (19 MiB, 2 passes, 1 lane): about 25 ms of one core
 * on this machine's class of hardware, off the event loop. @node-rs/argon2 uses argon2id by default.
 */
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Refusal when every hashing slot and the queue are taken: the visitor retries in a moment. */
export class PasswordHashingBusyError extends Error {
  readonly status = 503;
  readonly expose = true;
  readonly headers = { 'Retry-After': '2' };
  constructor() {
    super('Many people are joining right now. Please try again in a few seconds.');
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `passwordHash`; with no hash (an unknown email), it checks against a
   * hash of nothing, so that the answer takes the same time either way.
   */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

/**
 * Hashes and verifies passwords a few at a time (a PHC string with a random salt), so that a burst
 * of registrations or sign-ins cannot take every core from the requests that read: past the queue,
 * it refuses at once rather than letting the wait grow.
 */
export function passwordHasher({ concurrency, queue }: GatewayConfig['passwordHashing']): PasswordHasher {
  const limit = pLimit(concurrency);
  const inPool = <T>(work: () => Promise<T>) => {
    if (limit.activeCount >= concurrency && limit.pendingCount >= queue) throw new PasswordHashingBusyError();
    return limit(work);
  };
  // Made on the first sign-in with an unknown address, not at start-up.
  let nobody: Promise<string> | undefined;
  return {
    hash: async (password) => inPool(() => hash(password, OWASP_ARGON2ID)),
    verify: async (passwordHash, password) => {
      const matches = await inPool(async () => verify(passwordHash ?? (await (nobody ??= hash('', OWASP_ARGON2ID))), password));
      return passwordHash !== null && matches;
    },
  };
}
