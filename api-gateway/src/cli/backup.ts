import path from 'node:path';
import { readConfig } from '../config.js';
import {
  type BackupManifest,
  createLogger,
  openDatabase,
  recordBackup,
  writeEmbeddedBackup,
  writePostgresBackup,
} from '../platform/index.js';
import { controlSocketFetch, refusal, runningGateway } from './control-client.js';

// `npm run backup -- <file>`: the whole database (the release store included) while the site runs,
// with `<file>.json` saying what it holds. `npm run restore -- <file>` brings it back (restore.ts).
const config = readConfig();
const logger = createLogger({ logLevel: 'error' });
const [target] = process.argv.slice(2);

async function embeddedImage(): Promise<Buffer> {
  const gateway = await runningGateway(config.controlSocket);
  if (gateway) {
    const response = await controlSocketFetch(gateway)('http://gateway/backup', { method: 'POST' });
    if (!response.ok) throw await refusal(response);
    return Buffer.from(await response.arrayBuffer());
  }
  const db = await openDatabase(config.database, logger);
  try {
    return await db.dumpDataDir!();
  } finally {
    await db.close();
  }
}

/** Leaves the finished backup's record in the database it was taken from, for the backup gauge. */
async function recordFinished(manifest: BackupManifest): Promise<void> {
  const gateway = config.database.kind === 'pglite' ? await runningGateway(config.controlSocket) : null;
  if (gateway) {
    const response = await controlSocketFetch(gateway)('http://gateway/backups', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(manifest),
    });
    if (!response.ok) throw await refusal(response);
    return;
  }
  const db = await openDatabase(config.database, logger);
  try {
    await recordBackup(db, manifest);
  } finally {
    await db.close();
  }
}

try {
  if (!target)
    throw new Error('Usage: npm run backup -- <file>   (writes <file> and <file>.json; PostgreSQL needs pg_dump)');
  const file = path.resolve(target);
  const started = performance.now();
  const manifest: BackupManifest =
    config.database.kind === 'postgres'
      ? await writePostgresBackup(config.database.url, file)
      : await writeEmbeddedBackup(await embeddedImage(), file, logger);
  await recordFinished(manifest);
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file}: ${rows} rows in ${Object.keys(manifest.rows).length} tables, in ${seconds} s.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
