import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, Queryable } from './database.js';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };
type Reply = {
  id: number;
  rows?: unknown[];
  tx?: number;
  image?: Uint8Array;
  error?: { message: string; code?: string };
};
type WorkerMessage = Reply | { ready: true } | { notify: string };

class PgliteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The embedded PGlite, run in a worker thread (`pglite-worker.js`) so that its queries never hold up
 * the gateway's event loop. Same interface as PostgreSQL. One process at a time: a second opener of
 * the same folder is refused (`DataDirInUseError`). `template`: a fresh cluster dumped by
 * `dumpDataDir` to start from instead of running initdb (tests, where it saves seconds per database).
 */
export async function openPglite(
  dataDir: string,
  logger: Logger,
  options: { template?: string } = {},
): Promise<Database> {
  let unlock: () => Promise<void> = async () => undefined;
  if (dataDir !== 'memory://') {
    // The data is the party's whole database: its owner's alone, as PostgreSQL keeps its own.
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fs.chmod(dataDir, 0o700);
    unlock = await lockDataDir(dataDir);
  }
  // Node runs the worker's JavaScript as it is, next to this module in src/ and in dist/.
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: { dataDir, template: options.template },
    env: {},
  });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, Set<() => void>>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) return resolve();
      if ('notify' in message) return channels.get(message.notify)?.forEach((onChange) => onChange());
      const request = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) request?.reject(new PgliteError(message.error.message, message.error.code));
      else request?.resolve(message);
    });
    const fail = (error: Error) => {
      failure = error;
      logger.error({ err: error }, 'the embedded database stopped');
      reject(error);
      for (const request of pending.values()) request.reject(error);
      pending.clear();
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`The embedded database's thread exited (${code})`)));
  });
  await ready.catch(async (error: unknown) => {
    await unlock();
    throw error;
  });

  const send = (request: Request) =>
    new Promise<Reply>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
  const queryIn =
    (tx?: number): Queryable['query'] =>
    async <Row>(sql: string, params?: unknown[]) => ({
      rows: (await send({ op: 'query', sql, params, tx })).rows as Row[],
    });

  const execIn = (tx?: number) => async (sql: string) => void (await send({ op: 'exec', sql, tx }));

  return {
    kind: 'pglite',
    query: queryIn(),
    exec: execIn(),
    transaction: async (work) => {
      const { tx = 0 } = await send({ op: 'begin' });
      let result;
      try {
        result = await work({ query: queryIn(tx), exec: execIn(tx) });
      } catch (error) {
        await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    dumpDataDir: async () => Buffer.from((await send({ op: 'dump' })).image ?? new Uint8Array()),
    listen: async (channel, onChange) => {
      const subscribers = channels.get(channel) ?? new Set();
      if (!channels.has(channel)) {
        channels.set(channel, subscribers);
        await send({ op: 'listen', channel });
      }
      subscribers.add(onChange);
      return async () => void subscribers.delete(onChange);
    },
    close: async () => {
      if (!failure) await send({ op: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      await worker.terminate();
      await unlock();
    },
  };
}
