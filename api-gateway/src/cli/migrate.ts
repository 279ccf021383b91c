import { readConfig } from '../config.js';
import { createLogger, migrate, openDatabase } from '../platform/index.js';

// `npm run migrate`: applies this build's pending migrations, the first step of a rolling deploy
// (the instances then start with MIGRATE_ON_START=false and only check the schema). Write every
// migration so that the build before it still works on the schema after it (migrations/README.md).
const config = readConfig();
const logger = createLogger({ logLevel: 'error' });
try {
  // A migration may take longer than any request may: no query timeout here.
  const db = await openDatabase(
    config.database.kind === 'postgres' ? { ...config.database, queryTimeoutMs: 60 * 60_000 } : config.database,
    logger,
  );
  try {
    const applied = await migrate(db);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'The database is up to date.',
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
