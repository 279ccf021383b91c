import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminGatewayOf, gatewayControl, type ReleaseControl, runReleaseCommand } from '@party/release-tool';
import { readConfig } from '../config.js';
import { controlSocketFetch } from './control-client.js';
import { withOperatorSocket } from './operator-gateway.js';
import { configuredBuildOf } from './configured-build.js';

// `npm run remotes -- <command>`: the release command line (`npx party-release` for teams) on the
// gateway's machine, where it reaches the site through a control socket (operator-gateway.ts).
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const config = readConfig();
const run = (control: ReleaseControl) =>
  runReleaseCommand(process.argv.slice(2), {
    control,
    invocation: 'npm run remotes --',
    remoteFolder: (frontEnd) => path.join(repositoryRoot, frontEnd),
    configuredBuild: configuredBuildOf(config),
    out: (line) => console.log(line),
  });
try {
  // Set both to change releases through a gateway elsewhere (any database, site running).
  const gateway = adminGatewayOf(process.env);
  if (gateway) await run(gatewayControl(gateway.url, gateway.token));
  else
    await withOperatorSocket(config, (socket) => run(gatewayControl('http://gateway', '', controlSocketFetch(socket))));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
