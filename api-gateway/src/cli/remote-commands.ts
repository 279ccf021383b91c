import fs from 'node:fs/promises';
import path from 'node:path';
import { releaseNames, type ReleaseName } from '@party/shared-contracts';
import { bundleHash, type BuiltRelease } from '@party/shared-contracts/release';
import type { GatewayConfig } from '../config.js';
import { RELEASE_VERSION } from '../releases/index.js';
import type { ReleaseControl } from './release-control.js';

export const REMOTES_USAGE = `Usage: npm run remotes -- <command>
  list                                          the release each remote runs
  publish <remote> --reason "…" [--from <dir> --version <v>]
                                                build, contract-check and store a release (not yet active)
  activate <remote> <version> --reason "…" [--canary <percent>]
                                                make a published release the one new page loads use,
                                                or with --canary serve it to that share of visitors
                                                first (ended by itself if it fails clearly more often)
  promote <remote> --reason "…"                 make the running canary the release for everyone
  rollback <remote> --reason "…" [--to <version>|configured]
                                                end a running canary; otherwise go back one step
                                                (again: one more), or to a published release, or to
                                                the configured build
  history <remote>                              every publication, activation, rollback and canary
  Who made a change is recorded from the token's owner (through the gateway) or, straight on the
  database, from this machine's account: never from a name typed here.`;

export class CommandError extends Error {
  override name = 'CommandError';
}

export interface CommandContext {
  /** Publication, activation, rollback, history and the list: in the database or through the gateway. */
  control: ReleaseControl;
  config: Pick<GatewayConfig, 'releases' | 'remoteEntries'>;
  repositoryRoot: string;
  /** Builds a release of a remote and names it (the release tool's one routine: buildRelease). */
  buildRelease: (remote: ReleaseName) => Promise<BuiltRelease>;
  out: (line: string) => void;
  /** Who runs the command, as the history records it when the database is written straight. */
  user: string;
}

const OPTIONS = new Set(['reason', 'from', 'version', 'canary', 'to']);

function parse(args: string[]) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg.startsWith('--')) {
      if (!OPTIONS.has(arg.slice(2))) throw new CommandError(`Unknown option ${arg}.\n${REMOTES_USAGE}`);
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--')) throw new CommandError(`${arg} needs a value`);
      options[arg.slice(2)] = value;
      index += 1;
    } else positional.push(arg);
  }
  return { positional, options };
}

function remoteArg(value: string | undefined): ReleaseName {
  if (!value) throw new CommandError('Name the remote (or the shell): one of ' + releaseNames.join(', '));
  if (!(releaseNames as readonly string[]).includes(value)) throw new CommandError(`Unknown remote "${value}". Releases are of ${releaseNames.join(', ')}.`);
  return value as ReleaseName;
}

/** What a remote (or the shell) runs until a release of it is activated. */
const configuredBuild = (remote: ReleaseName, context: CommandContext) => (remote === 'shell' ? 'the built shell (shell/dist)' : context.config.remoteEntries[remote]);

function canaryShare(value: string): number {
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new CommandError('--canary takes the share of visitors in percent: a whole number from 1 to 99.');
  return percent;
}

function reasonOf(options: Record<string, string>): string {
  const reason = options.reason?.trim();
  if (!reason) throw new CommandError('Say why with --reason "…": every change to what runs is recorded with its reason.');
  return reason;
}

async function publish(remote: ReleaseName, options: Record<string, string>, context: CommandContext) {
  const reason = reasonOf(options);
  let dir = options.from ? path.resolve(options.from) : '';
  let version = options.version ?? '';
  let built: BuiltRelease | null = null;
  if (!dir) {
    built = await context.buildRelease(remote);
    ({ dir, version } = built);
  } else if (!version) {
    const { version: packageVersion } = JSON.parse(await fs.readFile(path.join(context.repositoryRoot, remote, 'package.json'), 'utf8')) as { version: string };
    version = `${packageVersion}+${await bundleHash(dir)}`;
  }
  if (!RELEASE_VERSION.test(version)) throw new CommandError(`"${version}" is not a version: letters, digits and . + - _ only`);

  try {
    const { entry } = await context.control.publish(remote, version, dir, { by: context.user, reason });
    const commit = built?.provenance.commit ? ` (commit ${built.provenance.commit})` : '';
    context.out(`Published ${remote} ${version}${commit} at ${entry}. It is not active yet: npm run remotes -- activate ${remote} ${version} --reason "…"`);
  } finally {
    if (built) await fs.rm(built.dir, { recursive: true, force: true });
  }
}

/** Runs one operator command; throws a `CommandError` or `ReleaseError` with a sentence to show. */
export async function runRemotesCommand(args: string[], context: CommandContext): Promise<void> {
  const { positional, options } = parse(args);
  const [command, remoteName, version] = positional;
  const by = context.user;

  switch (command) {
    case 'list': {
      const { active, canaries } = await context.control.active();
      for (const remote of releaseNames) {
        const release = active[remote];
        const canary = canaries[remote];
        context.out(release ? `${remote}  ${release.version}  ${release.entry}` : `${remote}  (configured)  ${configuredBuild(remote, context)}`);
        if (canary) context.out(`${remote}  canary ${canary.version} for ${canary.percent}% of visitors  ${canary.entry}`);
      }
      return;
    }
    case 'publish':
      return publish(remoteArg(remoteName), options, context);
    case 'activate': {
      const remote = remoteArg(remoteName);
      if (!version) throw new CommandError(`Name the version to activate: npm run remotes -- history ${remote}`);
      const canary = options.canary === undefined ? undefined : canaryShare(options.canary);
      const { previous } = await context.control.activate(remote, version, { by, reason: reasonOf(options), canary });
      context.out(
        canary === undefined
          ? `${remote} ${version} is active${previous ? ` (was ${previous})` : ''}. New page loads use it.`
          : `${remote} ${version} is a canary for ${canary}% of visitors; the others keep ${previous ?? 'the configured build'}. Promote it with: npm run remotes -- promote ${remote} --reason "…"`,
      );
      return;
    }
    case 'promote': {
      const remote = remoteArg(remoteName);
      const promoted = await context.control.promote(remote, { by, reason: reasonOf(options) });
      context.out(`${remote} ${promoted.version} is active for every visitor${promoted.previous ? ` (was ${promoted.previous})` : ''}.`);
      return;
    }
    case 'rollback': {
      const remote = remoteArg(remoteName);
      const { from, to, canaryEnded } = await context.control.rollback(remote, { by, reason: reasonOf(options), to: options.to });
      const [fromName, toName] = [from ?? 'its configured build', to ?? 'its configured build'];
      const moved = `rolled back from ${fromName} to ${toName}`;
      const what = !canaryEnded ? moved : options.to === undefined ? `canary ${canaryEnded} ended` : `canary ${canaryEnded} ended; ${moved}`;
      context.out(`${remote} ${what}. New page loads use ${to ?? configuredBuild(remote, context)}.`);
      return;
    }
    case 'history': {
      const remote = remoteArg(remoteName);
      const history = await context.control.history(remote);
      if (history.length === 0) context.out(`${remote} has no published release.`);
      for (const item of history) {
        const change = item.previousVersion ? `${item.previousVersion} -> ${item.version}` : item.version;
        const share = item.percent === undefined ? '' : ` (${item.percent}% of visitors)`;
        context.out(`${item.at}  ${item.event.padEnd(10)}  ${change}${share}  by ${item.by}: ${item.reason}`);
      }
      return;
    }
    default:
      throw new CommandError(command ? `Unknown command "${command}".\n${REMOTES_USAGE}` : REMOTES_USAGE);
  }
}
