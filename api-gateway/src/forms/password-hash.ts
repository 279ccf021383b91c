import { hash } from '@node-rs/argon2';

/**
 * OWASP's first recommended argon2id setting (19 MiB, 2 passes, 1 lane): about 25 ms on this
 * machine's class of hardware, off the event loop. @node-rs/argon2 uses argon2id by default.
 */
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) with a random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}
