import path from 'node:path';
import { readConfig } from '../config.js';
import { type BackupManifest, createLogger, writeEmbeddedBackup, writePostgresBackup } from '../platform/index.js';
import { controlSocketFetch, refusal } from './control-client.js';
import { withOperatorSocket } from './operator-gateway.js';

// `npm run backup -- <file>`: the whole database (the release store included) while the site runs,
// with `<file>.json` saying what it holds. `npm run restore -- <file>` brings it back (restore.ts).
const config = readConfig();
const [target] = process.argv.slice(2);

/** Writes the backup to `file`, then leaves its record in the database it was taken from, for the backup gauge. */
async function backUp(socket: string, file: string): Promise<BackupManifest> {
  const gatewayFetch = controlSocketFetch(socket);
  let manifest: BackupManifest;
  if (config.database.kind === 'postgres') {
    manifest = await writePostgresBackup(config.database.url, file);
  } else {
    // The embedded database's folder at one moment, from the process that holds it.
    const image = await gatewayFetch('http://gateway/backup', { method: 'POST' });
    if (!image.ok) throw await refusal(image);
    manifest = await writeEmbeddedBackup(
      Buffer.from(await image.arrayBuffer()),
      file,
      createLogger({ logLevel: 'error' }),
    );
  }
  const recorded = await gatewayFetch('http://gateway/backups', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(manifest),
  });
  if (!recorded.ok) throw await refusal(recorded);
  return manifest;
}

try {
  if (!target)
    throw new Error('Usage: npm run backup -- <file>   (writes <file> and <file>.json; PostgreSQL needs pg_dump)');
  const file = path.resolve(target);
  const started = performance.now();
  const manifest = await withOperatorSocket(config, (socket) => backUp(socket, file));
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file}: ${rows} rows in ${Object.keys(manifest.rows).length} tables, in ${seconds} s.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
