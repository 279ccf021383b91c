import { readConfig, type GatewayConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../logger.js';

/**
 * Runs an operator's command on the gateway's database (on the embedded one, while the site is
 * stopped): opened and migrated first, always closed; a failure prints its message and exits 1.
 */
export async function runDatabaseCommand(command: (db: Database, config: GatewayConfig) => Promise<string>): Promise<void> {
  const config = readConfig();
  let db: Database | undefined;
  try {
    db = await openDatabase(config.database, createLogger({ logLevel: 'error' }));
    await migrate(db);
    console.log(await command(db, config));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db?.close();
  }
}
