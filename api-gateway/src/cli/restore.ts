import fs from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '../config.js';
import {
  backupManifestSchema,
  createLogger,
  type Database,
  openDatabase,
  restoreEmbedded,
  restorePostgres,
  rowsDiffer,
  tableRows,
} from '../platform/index.js';
import { releaseStoreProblems } from '../releases/index.js';

// `npm run restore -- <file>`: a backup (backup.ts) into an empty database (PostgreSQL, DATABASE_URL)
// or a new folder (PGLITE_DATA_DIR), then checked: every table's rows as the backup has them, and
// every published release whole in the release store, so that activate and rollback can pass.
const config = readConfig();
const logger = createLogger({ logLevel: 'error' });
const [source] = process.argv.slice(2);
let db: Database | undefined;

try {
  if (!source)
    throw new Error(
      'Usage: npm run restore -- <file>   (reads <file> and <file>.json; into an empty database or a new folder)',
    );
  const file = path.resolve(source);
  const manifest = backupManifestSchema.parse(JSON.parse(await fs.readFile(`${file}.json`, 'utf8')));
  if (manifest.database !== config.database.kind)
    throw new Error(
      `This backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: restore it where the gateway uses the same.`,
    );
  const started = performance.now();
  if (config.database.kind === 'postgres') {
    db = await openDatabase(config.database, logger);
    await restorePostgres(file, config.database, db);
  } else {
    db = await restoreEmbedded(file, config.database.dataDir, logger);
  }
  const differs = rowsDiffer(manifest, await tableRows(db));
  if (differs) throw new Error(`The restored database is not what the backup holds: ${differs}.`);
  const problems = await releaseStoreProblems(db);
  if (problems.length > 0) throw new Error(`Restored, but the release store is not whole: ${problems.join('; ')}.`);
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  const releases = manifest.rows.remote_releases ?? 0;
  console.log(
    `Restored the backup of ${manifest.takenAt} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${Object.keys(manifest.rows).length} tables, as it holds them; ${releases} releases, every file present and unchanged.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db?.close();
}
