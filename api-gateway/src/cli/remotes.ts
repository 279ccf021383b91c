import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { buildRelease } from '@party/shared-contracts/release';
import { readConfig } from '../config.js';
import { createLogger, type Database, migrate, openDatabase } from '../platform/index.js';
import { releaseCache } from '../releases/index.js';
import { controlSocketFetch, operatingAccount, runningGateway } from './control-client.js';
import { databaseControl, gatewayControl, type ReleaseControl } from './release-control.js';
import { runRemotesCommand } from './remote-commands.js';

// `npm run remotes -- <command>`: what operators and teams use to ship and roll back one remote.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Set both to change releases through the running gateway (any database, site running). */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const clientSchema = z.object({
  PARTY_ADMIN_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
  PARTY_ADMIN_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
});

const config = readConfig();
let db: Database | undefined;
try {
  const client = clientSchema.parse(process.env);
  if (client.PARTY_ADMIN_URL && !client.PARTY_ADMIN_TOKEN) throw new Error('PARTY_ADMIN_URL is set: set PARTY_ADMIN_TOKEN too (npm run tokens -- create, where the gateway runs).');
  let control: ReleaseControl;
  // The control socket is looked for only when no gateway elsewhere is named.
  const gateway = client.PARTY_ADMIN_URL ? null : await runningGateway(config.controlSocket);
  if (client.PARTY_ADMIN_URL && client.PARTY_ADMIN_TOKEN) {
    control = gatewayControl(client.PARTY_ADMIN_URL, client.PARTY_ADMIN_TOKEN);
  } else if (gateway) {
    // The site runs here: the gateway holding the embedded database does it, as this account.
    control = gatewayControl('http://gateway', '', controlSocketFetch(gateway));
  } else {
    const logger = createLogger({ logLevel: 'error' });
    db = await openDatabase(config.database, logger);
    await migrate(db);
    control = databaseControl({ db, baseUrl: config.releases.baseUrl, cache: releaseCache(db, config.releases.storeDir, logger) });
  }
  await runRemotesCommand(process.argv.slice(2), {
    control,
    config,
    repositoryRoot,
    buildRelease: (remote) => buildRelease(path.join(repositoryRoot, remote), { report: (line) => console.log(line) }),
    out: (line) => console.log(line),
    // The operating system's account, not $USER, which anyone can set; the gateway ignores it.
    user: `${operatingAccount()} (direct database access)`,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db?.close();
}
