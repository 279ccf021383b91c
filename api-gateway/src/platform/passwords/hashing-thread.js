// One password-hashing thread of password-hash.ts. Plain JavaScript so that Node runs it as it is
// in tests, development and production. Linux keeps a nice value per thread: this one yields its
// core to the gateway's event loop, so that hashing never slows the requests that read.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  os.setPriority(10);
} catch {
  // A system that keeps one nice value per process (or refuses it) hashes at normal priority.
}

parentPort.on('message', ({ id, kind, password, passwordHash, options }) => {
  try {
    parentPort.postMessage({
      id,
      result: kind === 'hash' ? hashSync(password, options) : verifySync(passwordHash, password),
    });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
