import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type HistoryEntry,
  isFrontEndName,
  linkPlaces,
  notAVersion,
  PREVIEW_HOURS,
  RELEASE_VERSION,
  type FrontEndName,
  type LinkPlace,
  type RemoteDefinition,
} from '@party/shared-contracts';
import { buildRelease, bundleHash, type BuiltRelease, type RemoteBuilder } from './build-release.js';

/** A release as the registry lists it. */
export interface ListedRelease {
  version: string;
  entry: string;
}

/**
 * What the release command line changes, through a gateway (`gatewayControl`): its admin API, or
 * its control socket on the gateway's machine. Who made a change is the gateway's to say (a token's
 * owner, this machine's account), never the command's.
 */
export interface ReleaseControl {
  /** The remotes the site has, as its registry defines them. */
  remotes(): Promise<RemoteDefinition[]>;
  /** Adds a remote to the running site, with a release token for its team (shown this once). */
  addRemote(
    definition: RemoteDefinition,
    change: { reason: string; team: string },
  ): Promise<{ definition: RemoteDefinition; token: { id: string; secret: string } }>;
  /** Removes a remote that serves nothing; its team's tokens end with it. */
  removeRemote(name: string, reason: string): Promise<{ revokedTokens: number }>;
  /** Stores the build in `sourceDir` as a release (checked, digested, not active yet). */
  publish(frontEnd: FrontEndName, version: string, sourceDir: string, reason: string): Promise<{ entry: string }>;
  active(): Promise<{
    active: Partial<Record<FrontEndName, ListedRelease>>;
    canaries: Partial<Record<FrontEndName, ListedRelease & { percent: number }>>;
  }>;
  history(frontEnd: FrontEndName): Promise<HistoryEntry[]>;
  /** With `canary`, serves it to that share of visitors beside the active release. */
  activate(
    frontEnd: FrontEndName,
    version: string,
    change: { reason: string; canary?: number },
  ): Promise<{ previous: string | null }>;
  /** Makes the running canary the active release. */
  promote(frontEnd: FrontEndName, reason: string): Promise<{ version: string; previous: string | null }>;
  rollback(
    frontEnd: FrontEndName,
    change: { reason: string; to?: string },
  ): Promise<{ from: string | null; to: string | null; canaryEnded?: string }>;
  /** A link that shows a published release, active or not, to whoever opens it, in that browser alone. */
  preview(frontEnd: FrontEndName, version: string, hours?: number): Promise<{ url: string; expiresAt: string }>;
}

export interface ReleaseCommandContext {
  control: ReleaseControl;
  /** How the operator calls this command line (`npm run remotes --`, `npx party-release`): for usage and hints. */
  invocation: string;
  /** The folder a remote is built from; throws a CommandError where it cannot be built here. */
  remoteFolder: (frontEnd: FrontEndName) => string;
  /** The remote a command acts on when it names none: the folder's, for a team in its own folder. */
  defaultRemote?: FrontEndName;
  /**
   * What a front end runs while no release of it is active, for `list` and `rollback`: its configured
   * build; null for a remote added to the registry, whose pages are then not served.
   */
  configuredBuild: (frontEnd: FrontEndName) => string | null;
  out: (line: string) => void;
  /** The build a release is made with: the remote's own Rsbuild (buildRemote) unless a test gives another. */
  build?: RemoteBuilder;
}

export class CommandError extends Error {
  override name = 'CommandError';
}

export const releaseUsage = (invocation: string) => `Usage: ${invocation} <command>
  list                                          the site's remotes: where their pages live, what each runs
  add <remote> --prefix /<path> [--prefix …] [--linked /<path> …] [--link header|footer …]
      --team "<team>" --reason "…"              add a remote to the running site: its pages live under
                                                its prefixes, --linked pages must stay in every release,
                                                --link says where the shell may link to it; prints its
                                                team's release token, once
  remove <remote> --reason "…"                  remove a remote that serves nothing (roll it back first)
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
  preview <remote> <version> [--hours <n>]      a link that shows a published release to whoever opens
                                                it, in that browser alone, for ${PREVIEW_HOURS.default} hours (at most ${PREVIEW_HOURS.most})
  history <remote>                              every publication, activation, rollback and canary
  In a remote's own folder, <remote> may be left out.
  Who made a change is recorded from the token's owner (through the gateway) or, straight on the
  database, from this machine's account: never from a name typed here.`;

const OPTIONS = new Set(['reason', 'from', 'version', 'canary', 'to', 'hours', 'team']);
/** Options that may be given more than once, each time with one more value. */
const LIST_OPTIONS = new Set(['prefix', 'linked', 'link']);

function parse(args: string[], usage: string) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      if (!OPTIONS.has(name) && !LIST_OPTIONS.has(name)) throw new CommandError(`Unknown option ${arg}.\n${usage}`);
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--')) throw new CommandError(`${arg} needs a value`);
      if (LIST_OPTIONS.has(name)) (lists[name] ??= []).push(value);
      else options[name] = value;
      index += 1;
    } else positional.push(arg);
  }
  return { positional, options, lists };
}

/** The remote a command names first, or the folder's when it names none (then its next word is not a remote). */
function takeRemote(words: string[], context: ReleaseCommandContext, arity: number): FrontEndName {
  if (context.defaultRemote && (words.length < arity || !isFrontEndName(words[0]))) return context.defaultRemote;
  const value = words.shift();
  if (!value) throw new CommandError(`Name the remote (or the shell): ${context.invocation} list`);
  if (!isFrontEndName(value))
    throw new CommandError(`"${value}" is not a remote's name (mf-…) or the shell: ${context.invocation} list`);
  return value;
}

function canaryShare(value: string): number {
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new CommandError('--canary takes the share of visitors in percent: a whole number from 1 to 99.');
  return percent;
}

function previewHours(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const hours = Number(value);
  if (!Number.isInteger(hours) || hours < 1 || hours > PREVIEW_HOURS.most)
    throw new CommandError(
      `--hours takes how long the link works: a whole number of hours from 1 to ${PREVIEW_HOURS.most}.`,
    );
  return hours;
}

function reasonOf(options: Record<string, string>): string {
  const reason = options.reason?.trim();
  if (!reason)
    throw new CommandError('Say why with --reason "…": every change to what runs is recorded with its reason.');
  return reason;
}

async function publish(frontEnd: FrontEndName, options: Record<string, string>, context: ReleaseCommandContext) {
  const reason = reasonOf(options);
  let dir = options.from ? path.resolve(options.from) : '';
  let version = options.version ?? '';
  let built: BuiltRelease | null = null;
  if (!dir) {
    built = await buildRelease(context.remoteFolder(frontEnd), { build: context.build, report: context.out });
    ({ dir, version } = built);
  } else if (!version) {
    const { version: packageVersion } = JSON.parse(
      await fs.readFile(path.join(context.remoteFolder(frontEnd), 'package.json'), 'utf8'),
    ) as { version: string };
    version = `${packageVersion}+${await bundleHash(dir)}`;
  }
  if (!RELEASE_VERSION.test(version)) throw new CommandError(notAVersion(version));

  try {
    const { entry } = await context.control.publish(frontEnd, version, dir, reason);
    const commit = built ? ` (commit ${built.provenance.commit ?? 'unknown'})` : '';
    context.out(
      `Published ${frontEnd} ${version}${commit} at ${entry}. It is not active yet: ${context.invocation} activate ${frontEnd} ${version} --reason "…"`,
    );
  } finally {
    if (built) await fs.rm(built.dir, { recursive: true, force: true });
  }
}

/**
 * The release command line, `npm run remotes` on the gateway's machine and `npx party-release` in a
 * team's folder: runs one command; throws an Error with a sentence to show.
 */
export async function runReleaseCommand(args: string[], context: ReleaseCommandContext): Promise<void> {
  const usage = releaseUsage(context.invocation);
  const { positional, options, lists } = parse(args, usage);
  const [command, ...words] = positional;
  const { control, out } = context;

  switch (command) {
    case 'list': {
      const [remotes, { active, canaries }] = await Promise.all([control.remotes(), control.active()]);
      const nothing = '(nothing active: its pages are not served)';
      for (const { name: frontEnd, prefixes } of [...remotes, { name: 'shell', prefixes: [] }]) {
        const release = active[frontEnd];
        const canary = canaries[frontEnd];
        const configured = context.configuredBuild(frontEnd);
        const where = prefixes.length > 0 ? `  pages under ${prefixes.join(', ')}` : '';
        out(
          release
            ? `${frontEnd}  ${release.version}  ${release.entry}${where}`
            : configured
              ? `${frontEnd}  (configured)  ${configured}${where}`
              : `${frontEnd}  ${nothing}${where}`,
        );
        if (canary) out(`${frontEnd}  canary ${canary.version} for ${canary.percent}% of visitors  ${canary.entry}`);
      }
      return;
    }
    case 'add': {
      const name = words[0];
      if (!name) throw new CommandError(`Name the remote to add, e.g. ${context.invocation} add mf-participation …`);
      const team = options.team?.trim();
      if (!team) throw new CommandError('Name its team with --team "…": its release token is made for them.');
      const places = lists.link ?? [];
      const unknownPlace = places.find((place) => !(linkPlaces as readonly string[]).includes(place));
      if (unknownPlace) throw new CommandError(`--link takes ${linkPlaces.join(' or ')}, not "${unknownPlace}".`);
      const { definition, token } = await control.addRemote(
        { name, prefixes: lists.prefix ?? [], linkedPaths: lists.linked ?? [], linkPlaces: places as LinkPlace[] },
        { reason: reasonOf(options), team },
      );
      out(
        `${definition.name} is a remote of the site: its pages live under ${definition.prefixes.join(', ')}${definition.linkPlaces.length > 0 ? `, linked from the ${definition.linkPlaces.join(' and ')}` : ''}.`,
      );
      out(`Nothing of it is served until a release is activated: ${context.invocation} publish ${definition.name} …`);
      out(`Release token ${token.id} for ${team}, scoped to ${definition.name}. It is shown this once:`);
      out(token.secret);
      return;
    }
    case 'remove': {
      const name = words[0];
      if (!name) throw new CommandError(`Name the remote to remove: ${context.invocation} list`);
      const { revokedTokens } = await control.removeRemote(name, reasonOf(options));
      out(
        `${name} is no longer a remote of the site; ${revokedTokens === 1 ? '1 token' : `${revokedTokens} tokens`} of its team revoked. Its published releases and their history are kept.`,
      );
      return;
    }
    case 'publish':
      return publish(takeRemote(words, context, 1), options, context);
    case 'activate': {
      const frontEnd = takeRemote(words, context, 2);
      const version = words[0];
      if (!version) throw new CommandError(`Name the version to activate: ${context.invocation} history ${frontEnd}`);
      const canary = options.canary === undefined ? undefined : canaryShare(options.canary);
      const { previous } = await control.activate(frontEnd, version, { reason: reasonOf(options), canary });
      out(
        canary === undefined
          ? `${frontEnd} ${version} is active${previous ? ` (was ${previous})` : ''}. New page loads use it.`
          : `${frontEnd} ${version} is a canary for ${canary}% of visitors; the others keep ${previous ?? (context.configuredBuild(frontEnd) ? 'the configured build' : 'nothing of it')}. Promote it with: ${context.invocation} promote ${frontEnd} --reason "…"`,
      );
      return;
    }
    case 'promote': {
      const frontEnd = takeRemote(words, context, 1);
      const promoted = await control.promote(frontEnd, reasonOf(options));
      out(
        `${frontEnd} ${promoted.version} is active for every visitor${promoted.previous ? ` (was ${promoted.previous})` : ''}.`,
      );
      return;
    }
    case 'rollback': {
      const frontEnd = takeRemote(words, context, 1);
      const { from, to, canaryEnded } = await control.rollback(frontEnd, { reason: reasonOf(options), to: options.to });
      const nothing = context.configuredBuild(frontEnd) ? 'its configured build' : 'nothing (its pages are not served)';
      const [fromName, toName] = [from ?? nothing, to ?? nothing];
      const moved = `rolled back from ${fromName} to ${toName}`;
      const what = !canaryEnded
        ? moved
        : options.to === undefined
          ? `canary ${canaryEnded} ended`
          : `canary ${canaryEnded} ended; ${moved}`;
      const now = to ?? context.configuredBuild(frontEnd);
      out(`${frontEnd} ${what}.${now ? ` New page loads use ${now}.` : ''}`);
      return;
    }
    case 'preview': {
      const frontEnd = takeRemote(words, context, 2);
      const version = words[0];
      if (!version) throw new CommandError(`Name the version to preview: ${context.invocation} history ${frontEnd}`);
      const { url, expiresAt } = await control.preview(frontEnd, version, previewHours(options.hours));
      out(`Preview ${frontEnd} ${version} until ${expiresAt}, in the browser that opens this link:`);
      out(url);
      out('Its pages show that release and say so in a banner, whose button leaves the preview. Nobody else sees it.');
      return;
    }
    case 'history': {
      const frontEnd = takeRemote(words, context, 1);
      const history = await control.history(frontEnd);
      if (history.length === 0) out(`${frontEnd} has no published release.`);
      for (const item of history) {
        const change = item.previousVersion ? `${item.previousVersion} -> ${item.version}` : item.version;
        const share = item.percent === undefined ? '' : ` (${item.percent}% of visitors)`;
        out(`${item.at}  ${item.event.padEnd(10)}  ${change}${share}  by ${item.by}: ${item.reason}`);
      }
      return;
    }
    default:
      throw new CommandError(command ? `Unknown command "${command}".\n${usage}` : usage);
  }
}
