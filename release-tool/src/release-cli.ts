import fs from 'node:fs/promises';
import path from 'node:path';
import { isBuiltInRemoteName, isRemoteName, type RemoteName } from '@party/shared-contracts';
import { adminGatewayOf, gatewayControl } from './admin-api.js';
import { CommandError, releaseUsage, runReleaseCommand } from './release-commands.js';

const INVOCATION = 'npx party-release';

/** The remote a folder builds, from its package name (`@party/mf-donate` → `mf-donate`); null for another folder. */
async function remoteOf(dir: string): Promise<RemoteName | null> {
  const text = await fs.readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
  const remote = text === null ? '' : ((JSON.parse(text) as { name?: string }).name?.split('/').pop() ?? '');
  return isRemoteName(remote) ? remote : null;
}

/**
 * `npx party-release <command>`: the release command line for a team, through the running gateway,
 * from its own folder (which it publishes, and names when a command names no remote).
 */
export async function runReleaseCli(
  args: string[],
  dir: string,
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
): Promise<void> {
  const gateway = adminGatewayOf(env);
  if (!gateway)
    throw new CommandError(
      `Set PARTY_ADMIN_URL and PARTY_ADMIN_TOKEN (a token of the team's) to reach the gateway.\n${releaseUsage(INVOCATION)}`,
    );
  const folderRemote = await remoteOf(dir);
  await runReleaseCommand(args, {
    control: gatewayControl(gateway.url, gateway.token),
    invocation: INVOCATION,
    defaultRemote: folderRemote ?? undefined,
    remoteFolder: (frontEnd) => {
      if (frontEnd !== folderRemote)
        throw new CommandError(
          `Publish ${frontEnd} from its own folder: ${dir} is ${folderRemote ? `${folderRemote}'s` : "no remote's"}.`,
        );
      return dir;
    },
    // The gateway's configured builds are of the repository's remotes (and the shell): not of one added since.
    configuredBuild: (frontEnd) =>
      frontEnd === 'shell' || isBuiltInRemoteName(frontEnd) ? 'its configured build' : null,
    out,
  });
}
