// The release tool (`@party/shared-contracts/release`, Node only): the one routine that builds a
// remote's release and names it, and the client that publishes it through the gateway. Remote teams
// run it from their own folder (`npx party-release publish`); the gateway's `npm run remotes` uses it.
export { buildRelease, buildRemote, bundleHash, PROVENANCE_FILE, type BuiltRelease, type ReleaseProvenance, type RemoteBuilder } from './build-release.js';
export { adminApi, uploadRelease, GatewayRefusal, type AdminCall } from './admin-api.js';
export { runReleaseCli } from './release-cli.js';
