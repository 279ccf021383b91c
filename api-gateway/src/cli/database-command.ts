import { readConfig, type GatewayConfig } from '../config.js';
import { createLogger, type Database, migrate, openDatabase } from '../platform/index.js';
import { runInGateway, runningGateway } from './control-client.js';

/**
 * Runs an operator's command `npm run <name> -- …args`: in the running gateway when one answers on
 * its control socket (the embedded database has no other opener while the site runs), otherwise on
 * the database, opened and migrated first and always closed. A failure prints its message and exits 1.
 */
export async function runDatabaseCommand(
  name: 'tokens' | 'staff',
  command: (db: Database, config: GatewayConfig, args: string[]) => Promise<string>,
): Promise<void> {
  const config = readConfig();
  const args = process.argv.slice(2);
  let db: Database | undefined;
  try {
    const gateway = await runningGateway(config.controlSocket);
    if (gateway) {
      console.log(await runInGateway(gateway, name, args));
      return;
    }
    db = await openDatabase(config.database, createLogger({ logLevel: 'error' }));
    await migrate(db);
    console.log(await command(db, config, args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db?.close();
  }
}
