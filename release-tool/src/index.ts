// The release tool (`@party/release-tool`, Node only): the one routine that builds a
// remote's release and names it, and the one release command line. Remote teams run it from their
// own folder through the gateway (`npx party-release`); the gateway's `npm run remotes` is the same
// command line, which can also change the database itself.
export { buildRemote, type RemoteBuilder } from './build-release.js';
export { adminGatewayOf, gatewayControl } from './admin-api.js';
export { runReleaseCommand, type ReleaseCommandContext, type ReleaseControl } from './release-commands.js';
export { runReleaseCli } from './release-cli.js';
