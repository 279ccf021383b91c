// The embedded PostgreSQL (PGlite) in a thread of its own: a query runs here, not in the gateway's
// event loop. Plain JavaScript so that Node runs it as it is in tests, in development and in
// production. The protocol is pglite-database.ts's; PGlite serialises queries and transactions.
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// A template (a dump of a fresh cluster) saves initdb's seconds; the tests start from one.
const template = workerData.template ? new Blob([await fs.readFile(workerData.template)]) : undefined;
const db = await PGlite.create(workerData.dataDir, template ? { loadDataDir: template } : {});
/** Open transactions by id: PGlite's handle, how to end it, and its outcome. */
const transactions = new Map();
const ROLLBACK = new Error('rolled back');
let nextTransaction = 1;

/** Where a statement runs: inside its open transaction, or on its own. */
function targetOf(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!target) throw new Error('The transaction has ended');
  return target;
}

const errorOf = (error) => ({ message: error?.message ?? String(error), code: error?.code });
const reply = (id, result) => parentPort.postMessage({ id, ...result });

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const { rows } = await targetOf(message).query(message.sql, message.params);
      return { rows };
    }
    case 'exec':
      await targetOf(message).exec(message.sql);
      return {};
    case 'begin': {
      const transaction = {};
      let started;
      const inside = new Promise((resolve) => (started = resolve));
      transaction.done = db.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(transaction, { tx, commit, rollback });
            started();
          }),
      );
      // Observed by 'end'; a failed BEGIN rejects here first.
      transaction.done.catch(() => undefined);
      await Promise.race([inside, transaction.done]);
      const id = nextTransaction++;
      transactions.set(id, transaction);
      return { tx: id };
    }
    case 'end': {
      const transaction = transactions.get(message.tx);
      if (!transaction) throw new Error('The transaction has ended');
      transactions.delete(message.tx);
      if (message.commit) transaction.commit();
      else transaction.rollback(ROLLBACK);
      try {
        await transaction.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return {};
    }
    case 'dump': {
      // Under PGlite's query lock no statement writes while the folder is read: a crash-consistent
      // image (an open transaction's work is rolled back when it is opened), checkpointed first so
      // that little is left to replay.
      await db.exec('CHECKPOINT');
      const image = await db.dumpDataDir('none');
      return { image: new Uint8Array(await image.arrayBuffer()) };
    }
    case 'listen':
      await db.listen(message.channel, () => parentPort.postMessage({ notify: message.channel }));
      return {};
    case 'close':
      await db.close();
      return {};
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => reply(message.id, result),
    (error) => reply(message.id, { error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
