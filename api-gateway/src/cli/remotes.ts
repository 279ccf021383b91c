import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminGatewayOf, gatewayControl, type ReleaseControl, runReleaseCommand } from '@party/release-tool';
import { readConfig } from '../config.js';
import {
  configuredSiteOrigin,
  createLogger,
  type Database,
  migrate,
  openDatabase,
  siteSecret,
} from '../platform/index.js';
import { releaseCache, releasePreviews } from '../releases/index.js';
import { controlSocketFetch, operatingAccount, runningGateway } from './control-client.js';
import { configuredBuildOf, databaseControl } from './release-control.js';

// `npm run remotes -- <command>`: the release command line (`npx party-release` for teams) on the
// gateway's machine, where it may also reach the site through its control socket or its database.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const config = readConfig();
let db: Database | undefined;
try {
  // Set both to change releases through the running gateway (any database, site running).
  const gateway = adminGatewayOf(process.env);
  // The control socket is looked for only when no gateway elsewhere is named.
  const socket = gateway ? null : await runningGateway(config.controlSocket);
  let control: ReleaseControl;
  if (gateway) {
    control = gatewayControl(gateway.url, gateway.token);
  } else if (socket) {
    // The site runs here: the gateway holding the embedded database does it, as this account.
    control = gatewayControl('http://gateway', '', controlSocketFetch(socket));
  } else {
    const logger = createLogger({ logLevel: 'error' });
    db = await openDatabase(config.database, logger);
    await migrate(db);
    const cache = releaseCache(db, config.releases.storeDir, logger);
    // Links the running gateways open: signed with the site's secret, on its public origin.
    const previews = releasePreviews({
      db,
      cache,
      secret: await siteSecret(db, config.email.signingSecret),
      siteOrigin: configuredSiteOrigin(config),
      logger,
    });
    // The operating system's account, not $USER, which anyone can set.
    control = databaseControl(
      { db, baseUrl: config.releases.baseUrl, cache, previews },
      `${operatingAccount()} (direct database access)`,
    );
  }
  await runReleaseCommand(process.argv.slice(2), {
    control,
    invocation: 'npm run remotes --',
    remoteFolder: (remote) => path.join(repositoryRoot, remote),
    configuredBuild: configuredBuildOf(config),
    out: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db?.close();
}
