import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gatewayControl, runReleaseCommand, type ReleaseCommandContext } from '@party/release-tool';
import { readConfig } from '../config.js';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { activeReleases, releaseFiles } from '../releases/release-registry.js';
import { fakeDonateBuild as fakeBuild } from '../testing/fake-remote-build.js';
import { testConfiguredRoutes } from '../testing/configured-routes.js';
import { TEST_SIGNING_SECRET } from '../testing/test-gateway.js';
import { configuredBuildOf } from './configured-build.js';
import { controlSocketFetch, operatingAccount } from './control-client.js';
import { openOperatorSocket, type OperatorSocket } from './operator-gateway.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
// Who made a change: this machine's account, as the control socket records every command line's.
const operator = `${operatingAccount()} (control socket)`;

let test: TestDatabase;
let storeDir: string;
let lines: string[];
let builds: string[][];
/** What the next builds put in the bundle besides the fixed files, and their release label. */
let bundleText: string;
let context: ReleaseCommandContext;
let socket: OperatorSocket;
const run = (...args: string[]) => runReleaseCommand(args, context);

beforeEach(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-store-'));
  lines = [];
  builds = [];
  bundleText = 'var tiers = [1, 5, 15];';
  const config = readConfig({
    RELEASE_STORE_DIR: storeDir,
    PUBLIC_ORIGIN: 'https://party.example',
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    SERVE_SITE: 'false',
    CONTROL_SOCKET: 'off',
  });
  socket = await openOperatorSocket(config, { db: test.db, configuredRoutes: testConfiguredRoutes });
  context = {
    control: gatewayControl('http://gateway', '', controlSocketFetch(socket.path)),
    invocation: 'npm run remotes --',
    remoteFolder: (remote) => path.join(repositoryRoot, remote),
    configuredBuild: configuredBuildOf(config),
    // The release tool's routine, with a fake build of the remote.
    build: async (remoteDir, outDir, release) => {
      builds.push([path.basename(remoteDir), release]);
      await fakeBuild(outDir);
      await fs.writeFile(
        path.join(outDir, 'static/js/tiers.js'),
        `${bundleText} var release = ${JSON.stringify(release)};`,
      );
    },
    out: (line) => lines.push(line),
  };
});
afterEach(async () => {
  await socket.close();
  await test.dispose();
});

describe('the release command line on the gateway’s machine, with no gateway running', () => {
  it('publishes a built, contract-checked release into the store, without activating it', async () => {
    await run('publish', 'mf-donate', '--reason', 'new tiers');

    const version = /Published mf-donate (\S+) \(commit \w+(\+changes)?\) at/.exec(lines.at(-1) ?? '')?.[1] ?? '';
    expect(version).toMatch(/^0\.1\.0\+[0-9a-f]{7}$/);
    expect(builds).toEqual([
      ['mf-donate', 'unlabelled'],
      ['mf-donate', version],
    ]);
    // In the shared store (the database), every file by its digest.
    const files = (await releaseFiles(test.db, 'mf-donate', version))!;
    const stored = async (file: string) => {
      const { rows } = await test.db.query<{ content: Uint8Array }>(
        'SELECT content FROM release_contents WHERE digest = $1',
        [files[file]],
      );
      return Buffer.from(rows[0]!.content).toString('utf8');
    };
    await expect(stored('mf-manifest.json')).resolves.toContain('mf-donate');
    // What it was built from travels with it, covered by its digest.
    expect(JSON.parse(await stored('release.json'))).toEqual({
      version,
      commit: expect.stringMatching(/^[0-9a-f]{12}(\+changes)?$/),
      lockfile: expect.stringMatching(/^sha256-[0-9a-f]{64}$/),
      node: process.version,
      rsbuild: expect.stringMatching(/^\d+\.\d+\.\d+/),
      builtAt: expect.any(String),
    });
    expect(await activeReleases(test.db)).toEqual({});

    // Its team can look at it before anyone else: a link for one browser, for the hours asked.
    lines = [];
    await run('preview', 'mf-donate', version, '--hours', '2');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Preview mf-donate ${version.replace('+', '\\+')} until \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, in the browser that opens this link:$`,
      ),
    );
    expect(lines[1]).toMatch(/^https:\/\/party\.example\/api\/previews\/[\w-]+\.[\w-]+$/);
    await expect(run('preview', 'mf-donate', '9.9.9')).rejects.toThrow('mf-donate has no published version "9.9.9".');
    await expect(run('preview', 'mf-donate', version, '--hours', '500')).rejects.toThrow(/--hours takes/);
    await expect(run('preview', 'shell', '1.0.0')).rejects.toThrow('shell has no published version "1.0.0".');

    await run('list');
    expect(lines.slice(-4)).toEqual([
      'mf-content  (configured)  /remotes/mf-content/mf-manifest.json  pages under /',
      'mf-donate  (configured)  /remotes/mf-donate/mf-manifest.json  pages under /donate',
      'mf-engagement  (configured)  /remotes/mf-engagement/mf-manifest.json  pages under /contact, /join, /membership, /membership-confirmation, /members, /newsletter, /volunteer, /staff, /your-data, /your-place',
      'shell  (configured)  the built shell (shell/dist)',
    ]);
  });

  it('names a release by what its bundle holds: the same bundle is the same release, another bundle another', async () => {
    await run('publish', 'mf-donate', '--reason', 'first');
    const first = /Published mf-donate (\S+) /.exec(lines.at(-1) ?? '')?.[1];
    // A change that does not reach the bundle (here: none at all) names the release already published.
    await expect(run('publish', 'mf-donate', '--reason', 'again')).rejects.toThrow(
      `mf-donate ${first} is already published; releases never change.`,
    );
    bundleText = 'var tiers = [1, 5, 15, 50];';
    await run('publish', 'mf-donate', '--reason', 'a new tier');
    const second = /Published mf-donate (\S+) /.exec(lines.at(-1) ?? '')?.[1];
    expect(second).toMatch(/^0\.1\.0\+[0-9a-f]{7}$/);
    expect(second).not.toBe(first);
  });

  it('activates, rolls back, and tells the history with who and why', async () => {
    const v1 = path.join(storeDir, 'build-1');
    const v2 = path.join(storeDir, 'build-2');
    await fakeBuild(v1);
    await fakeBuild(v2);
    await run('publish', 'mf-donate', '--from', v1, '--version', '1.0.0', '--reason', 'launch');
    await run('publish', 'mf-donate', '--from', v2, '--version', '1.1.0', '--reason', 'new tiers');
    await run('activate', 'mf-donate', '1.0.0', '--reason', 'launch day');
    await run('activate', 'mf-donate', '1.1.0', '--reason', 'tiers are ready');
    expect(lines.at(-1)).toBe('mf-donate 1.1.0 is active (was 1.0.0). New page loads use it.');

    await run('rollback', 'mf-donate', '--reason', 'wallet bug');
    expect(lines.at(-1)).toBe('mf-donate rolled back from 1.1.0 to 1.0.0. New page loads use 1.0.0.');
    expect((await activeReleases(test.db))['mf-donate']).toEqual({
      version: '1.0.0',
      entry: '/releases/mf-donate/1.0.0/mf-manifest.json',
      digest: expect.stringMatching(/^sha256-/),
      routes: [
        expect.objectContaining({ path: '/donate', page: 'Donate' }),
        { path: '/donate/confirm-email', page: 'ConfirmDonorEmail', unlisted: true },
      ],
    });

    lines = [];
    await run('history', 'mf-donate');
    expect(lines.map((line) => line.replace(/^\S+\s+/, ''))).toEqual([
      `published   1.0.0  by ${operator}: launch`,
      `published   1.1.0  by ${operator}: new tiers`,
      `activate    configured -> 1.0.0  by ${operator}: launch day`,
      `activate    1.0.0 -> 1.1.0  by ${operator}: tiers are ready`,
      `rollback    1.1.0 -> 1.0.0  by ${operator}: wallet bug`,
    ]);
  });

  it('serves a canary to a share of visitors, lists it, and promotes it or ends it', async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      await fakeBuild(path.join(storeDir, `build-${version}`));
      await run(
        'publish',
        'mf-donate',
        '--from',
        path.join(storeDir, `build-${version}`),
        '--version',
        version,
        '--reason',
        'release',
      );
    }
    await run('activate', 'mf-donate', '1.0.0', '--reason', 'launch');
    await run('activate', 'mf-donate', '1.1.0', '--canary', '10', '--reason', 'try the new tiers');
    expect(lines.at(-1)).toBe(
      'mf-donate 1.1.0 is a canary for 10% of visitors; the others keep 1.0.0. Promote it with: npm run remotes -- promote mf-donate --reason "…"',
    );
    await run('list');
    expect(lines.slice(-4, -2)).toEqual([
      'mf-donate  1.0.0  /releases/mf-donate/1.0.0/mf-manifest.json  pages under /donate',
      'mf-donate  canary 1.1.0 for 10% of visitors  /releases/mf-donate/1.1.0/mf-manifest.json',
    ]);
    await expect(run('activate', 'shell', '1.0.0', '--canary', '10', '--reason', 'x')).rejects.toThrow(
      'The shell is activated for every visitor at once: it has no canary.',
    );
    await expect(run('activate', 'mf-donate', '1.2.0', '--canary', '100', '--reason', 'all')).rejects.toThrow(
      '--canary takes the share of visitors in percent: a whole number from 1 to 99.',
    );

    await run('promote', 'mf-donate', '--reason', 'no failures');
    expect(lines.at(-1)).toBe('mf-donate 1.1.0 is active for every visitor (was 1.0.0).');
    await run('activate', 'mf-donate', '1.2.0', '--canary', '25', '--reason', 'next');
    await run('rollback', 'mf-donate', '--reason', 'slow');
    expect(lines.at(-1)).toBe('mf-donate canary 1.2.0 ended. New page loads use 1.1.0.');

    lines = [];
    await run('history', 'mf-donate');
    expect(lines.slice(3).map((line) => line.replace(/^\S+\s+/, ''))).toEqual([
      `activate    configured -> 1.0.0  by ${operator}: launch`,
      `canary      1.1.0 (10% of visitors)  by ${operator}: try the new tiers`,
      `promote     1.1.0  by ${operator}: no failures`,
      `activate    1.0.0 -> 1.1.0  by ${operator}: no failures`,
      `canary      1.2.0 (25% of visitors)  by ${operator}: next`,
      `canary-end  1.2.0  by ${operator}: slow`,
    ]);
  });

  it('refuses a build that breaks the contract, naming what broke, and stores nothing', async () => {
    const broken = path.join(storeDir, 'broken');
    await fakeBuild(broken, { exposesDonate: false });
    await expect(
      run('publish', 'mf-donate', '--from', broken, '--version', '2.0.0', '--reason', 'oops'),
    ).rejects.toThrow('Refused: mf-donate 2.0.0 breaks the contract: ./Donate is not exposed.');
    expect(await releaseFiles(test.db, 'mf-donate', '2.0.0')).toBeNull();
    expect((await test.db.query('SELECT digest FROM release_contents')).rows).toEqual([]);
  });

  it('switches only to a release the shared store holds complete and unchanged since publication', async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      const build = path.join(storeDir, `build-${version}`);
      await fakeBuild(build);
      // Each version's own code: nothing of it is shared with the other in the content-addressed store.
      for (const file of ['static/js/async/donate.3c4d.js', 'static/js/mf-donate.1a2b.js'])
        await fs.appendFile(path.join(build, file), `/* ${version} */`);
      await run('publish', 'mf-donate', '--from', build, '--version', version, '--reason', 'release');
    }
    const digestOf = async (file: string) => (await releaseFiles(test.db, 'mf-donate', '1.1.0'))![file];
    await test.db.query("UPDATE release_contents SET content = convert_to('alert(1)', 'UTF8') WHERE digest = $1", [
      await digestOf('static/js/async/donate.3c4d.js'),
    ]);
    await test.db.query('DELETE FROM release_contents WHERE digest = $1', [
      await digestOf('static/js/mf-donate.1a2b.js'),
    ]);
    await expect(run('activate', 'mf-donate', '1.1.0', '--reason', 'x')).rejects.toThrow(
      'Refused: mf-donate 1.1.0 in the release store is not what was published: static/js/mf-donate.1a2b.js is missing; static/js/async/donate.3c4d.js differs from what was published. Nothing was switched.',
    );
    expect(await activeReleases(test.db)).toEqual({});

    await run('activate', 'mf-donate', '1.0.0', '--reason', 'launch');
    await expect(run('rollback', 'mf-donate', '--to', '1.1.0', '--reason', 'x')).rejects.toThrow(
      /Refused: mf-donate 1.1.0 in the release store/,
    );
    expect((await activeReleases(test.db))['mf-donate']?.version).toBe('1.0.0');
  });

  it('refuses unknown remotes and versions, a missing reason, a republication, and a rollback with nowhere to go', async () => {
    await expect(run('rollback', 'mf-donate', '--reason', 'x')).rejects.toThrow(
      'mf-donate runs its configured build: there is nothing earlier to roll back to.',
    );
    await expect(run('activate', 'mf-nope', '1.0.0', '--reason', 'x')).rejects.toThrow(
      'There is no remote "mf-nope" on this site.',
    );
    await expect(run('activate', 'mf-donate', '9.9.9', '--reason', 'x')).rejects.toThrow(
      'mf-donate has no published version "9.9.9".',
    );
    await expect(run('rollback', 'mf-donate')).rejects.toThrow(/Say why with --reason/);

    const build = path.join(storeDir, 'build');
    await fakeBuild(build);
    await run('publish', 'mf-donate', '--from', build, '--version', '1.0.0', '--reason', 'launch');
    await expect(
      run('publish', 'mf-donate', '--from', build, '--version', '1.0.0', '--reason', 'again'),
    ).rejects.toThrow('mf-donate 1.0.0 is already published; releases never change.');
    await run('activate', 'mf-donate', '1.0.0', '--reason', 'launch');
    await run('rollback', 'mf-donate', '--reason', 'x');
    expect(lines.at(-1)).toBe(
      'mf-donate rolled back from 1.0.0 to its configured build. New page loads use /remotes/mf-donate/mf-manifest.json.',
    );
    await expect(run('deploy')).rejects.toThrow(/Unknown command "deploy"/);
    // Who made a change is never a name typed on the command line.
    await expect(run('rollback', 'mf-donate', '--reason', 'x', '--by', 'party-leader@example.org')).rejects.toThrow(
      /Unknown option --by/,
    );
  });
});
