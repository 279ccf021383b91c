import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { gatewayControl, type ReleaseCommandContext, runReleaseCommand } from '@party/release-tool';
import { migrate } from '../../platform/db/migrate.js';
import { fileDigests, releaseDigest } from '../release-integrity.js';
import { storeReleaseContents } from '../release-cache.js';
import { activeReleases, recordRelease, releaseFiles, releaseHistory } from '../release-registry.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { fakeDonateBuild, fakeRemoteBuild } from '../../testing/fake-remote-build.js';
import { ADMIN_CALLS_PER_MINUTE } from './admin-routes.js';
import { createAdminToken, revokeAdminToken } from './admin-tokens.js';
import { testRoutes } from '../../testing/configured-routes.js';
import { eventually } from '../../testing/eventually.js';

let test: TestDatabase;
let gateway: TestGateway;
let storeDir: string;

/** A release of `remote` in the shared store, recorded as published with its files; its digests. */
async function published(remote: 'mf-content' | 'mf-donate', version: string) {
  const dir = path.join(storeDir, '..', `${path.basename(storeDir)}-build`, remote, version);
  await fs.mkdir(path.join(dir, 'static/js'), { recursive: true });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: remote, version }));
  await fs.writeFile(path.join(dir, 'static/js/entry.js'), `/* ${version} */`);
  const routes = testRoutes[remote];
  await fs.writeFile(path.join(dir, 'routes.json'), JSON.stringify(routes));
  const files = await fileDigests(dir);
  await storeReleaseContents(test.db, dir, files);
  await recordRelease(test.db, {
    remote,
    version,
    entry: `/releases/${remote}/${version}/mf-manifest.json`,
    files,
    digest: releaseDigest(files),
    routes,
    by: 'ci',
    reason: 'build',
  });
}

// Every test has a database, store and gateway of its own: none depends on what another did.
beforeEach(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-store-'));
  gateway = await startTestGateway(test.db, { RELEASE_STORE_DIR: storeDir });
  await published('mf-content', '1.0.0');
  await published('mf-content', '1.1.0');
  await published('mf-donate', '2.0.0');
});
afterEach(async () => {
  await gateway.close();
  await test.dispose();
  await fs.rm(storeDir, { recursive: true, force: true });
  await fs.rm(`${storeDir}-build`, { recursive: true, force: true });
});

const post = (pathname: string, body: unknown, token?: string) =>
  fetch(`${gateway.url}/api/admin${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

it('refuses a missing, unknown or revoked token (401) and a token of another remote (403)', async () => {
  const missing = await post('/releases/mf-content/activate', { version: '1.0.0', reason: 'x' });
  expect(missing.status).toBe(401);
  expect(missing.headers.get('www-authenticate')).toBe('Bearer');
  expect((await post('/releases/mf-content/activate', { version: '1.0.0', reason: 'x' }, 'party_forged')).status).toBe(
    401,
  );

  const revoked = await createAdminToken(test.db, 'former contractor', '*');
  await revokeAdminToken(test.db, revoked.id);
  expect((await post('/releases/mf-content/activate', { version: '1.0.0', reason: 'x' }, revoked.secret)).status).toBe(
    401,
  );

  const donateTeam = await createAdminToken(test.db, 'donate team', 'mf-donate');
  const outOfScope = await post('/releases/mf-content/activate', { version: '1.0.0', reason: 'x' }, donateTeam.secret);
  expect(outOfScope.status).toBe(403);
  expect(((await outOfScope.json()) as { message: string }).message).toBe(
    'This token may change mf-donate only, not mf-content.',
  );
  expect(await activeReleases(test.db)).toEqual({});
});

it('records the token owner as who made the change, and refuses what it cannot switch to', async () => {
  const contentTeam = await createAdminToken(test.db, 'content team', 'mf-content');
  expect((await post('/releases/mf-content/activate', { version: '1.0.0' }, contentTeam.secret)).status).toBe(400);
  const activated = await post(
    '/releases/mf-content/activate',
    { version: '1.0.0', reason: 'launch', by: 'party-leader@example.org' },
    contentTeam.secret,
  );
  expect(activated.status).toBe(200);
  expect((await releaseHistory(test.db, 'mf-content')).at(-1)).toMatchObject({
    event: 'activate',
    version: '1.0.0',
    by: `content team (token ${contentTeam.id})`,
  });

  const files = await releaseFiles(test.db, 'mf-content', '1.1.0');
  await test.db.query('DELETE FROM release_contents WHERE digest = $1', [files!['static/js/entry.js']]);
  const incomplete = await post('/releases/mf-content/activate', { version: '1.1.0', reason: 'x' }, contentTeam.secret);
  expect(incomplete.status).toBe(409);
  expect(((await incomplete.json()) as { message: string }).message).toMatch(
    /^Refused: mf-content 1\.1\.0 in the release store is not what was published: static\/js\/entry\.js is missing/,
  );
  expect((await activeReleases(test.db))['mf-content']?.version).toBe('1.0.0');
});

it('is what `npm run remotes` talks to when given the gateway and a token', async () => {
  const operator = await createAdminToken(test.db, 'on-call operator', '*');
  const lines: string[] = [];
  const context: ReleaseCommandContext = {
    control: gatewayControl(gateway.url, operator.secret),
    invocation: 'npm run remotes --',
    remoteFolder: () => {
      throw new Error('builds are published --from a folder here');
    },
    configuredBuild: (remote) =>
      remote === 'shell' ? 'the built shell (shell/dist)' : `/remotes/${remote}/mf-manifest.json`,
    out: (line: string) => lines.push(line),
  };
  const build = path.join(storeDir, '..', `donate-build-${Date.now()}`);
  await fakeDonateBuild(build);
  await runReleaseCommand(
    ['publish', 'mf-donate', '--from', build, '--version', '2.1.0', '--reason', 'built by the donate team'],
    context,
  );
  await runReleaseCommand(['activate', 'mf-donate', '2.1.0', '--reason', 'new tiers'], context);
  await runReleaseCommand(['activate', 'mf-donate', '2.0.0', '--reason', 'older tiers'], context);
  await runReleaseCommand(['rollback', 'mf-donate', '--reason', 'wallet bug'], context);
  await runReleaseCommand(['list'], context);
  expect(lines).toEqual([
    'Published mf-donate 2.1.0 at /releases/mf-donate/2.1.0/mf-manifest.json. It is not active yet: npm run remotes -- activate mf-donate 2.1.0 --reason "…"',
    'mf-donate 2.1.0 is active. New page loads use it.',
    'mf-donate 2.0.0 is active (was 2.1.0). New page loads use it.',
    'mf-donate rolled back from 2.0.0 to 2.1.0. New page loads use 2.1.0.',
    'mf-content  (configured)  /remotes/mf-content/mf-manifest.json  pages under /',
    'mf-donate  2.1.0  /releases/mf-donate/2.1.0/mf-manifest.json  pages under /donate',
    'mf-engagement  (configured)  /remotes/mf-engagement/mf-manifest.json  pages under /contact, /join, /membership, /membership-confirmation, /members, /newsletter, /volunteer, /staff, /your-data, /your-place',
    'shell  (configured)  the built shell (shell/dist)',
  ]);
  const history = await releaseHistory(test.db, 'mf-donate');
  expect(history.find((item) => item.version === '2.1.0' && item.event === 'published')?.by).toBe(
    `on-call operator (token ${operator.id})`,
  );
  expect(history.at(-1)?.by).toBe(`on-call operator (token ${operator.id})`);
  // A canary through the gateway too, promoted by the same team.
  await runReleaseCommand(
    ['activate', 'mf-donate', '2.0.0', '--canary', '10', '--reason', 'older tiers, carefully'],
    context,
  );
  await runReleaseCommand(['promote', 'mf-donate', '--reason', 'no failures'], context);
  expect(lines.slice(-2)).toEqual([
    'mf-donate 2.0.0 is a canary for 10% of visitors; the others keep 2.1.0. Promote it with: npm run remotes -- promote mf-donate --reason "…"',
    'mf-donate 2.0.0 is active for every visitor (was 2.1.0).',
  ]);
  expect((await releaseHistory(test.db, 'mf-donate')).slice(-3).map(({ event, by }) => [event, by])).toEqual(
    ['canary', 'promote', 'activate'].map((event) => [event, `on-call operator (token ${operator.id})`]),
  );
  // What the gateway stored is what the team built, file for file.
  expect(await fileDigests(path.join(storeDir, 'mf-donate/2.1.0'))).toEqual(await fileDigests(build));
  await expect(
    runReleaseCommand(['publish', 'mf-donate', '--from', build, '--version', '2.1.0', '--reason', 'again'], context),
  ).rejects.toThrow('mf-donate 2.1.0 is already published; releases never change.');
});

it('refuses an archive that is not one, and one that would write outside its folder', async () => {
  const { secret } = await createAdminToken(test.db, 'content team', 'mf-content');
  const upload = (body: Buffer) =>
    fetch(`${gateway.url}/api/admin/releases/mf-content?version=3.0.0&reason=x`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/gzip' },
      body,
    });
  expect((await upload(Buffer.from('not an archive'))).status).toBe(400);

  const escaping = path.join(storeDir, '..', `escaping-${Date.now()}`);
  await fs.mkdir(escaping, { recursive: true });
  await fs.writeFile(path.join(escaping, 'evil.js'), 'alert(1)');
  const archive = Buffer.concat(
    await Readable.from(tar.create({ gzip: true, cwd: escaping, prefix: '../../../..' }, ['evil.js'])).toArray(),
  );
  const answer = await upload(archive);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  await expect(fs.access(path.join(storeDir, '..', '..', '..', 'evil.js'))).rejects.toThrow();
  expect((await releaseHistory(test.db, 'mf-content')).some((item) => item.version === '3.0.0')).toBe(false);
});

it('refuses a gzip bomb and an archive of too many entries (413), writing no more than its limit', async () => {
  const { secret } = await createAdminToken(test.db, 'content team', 'mf-content');
  const upload = (body: Buffer) =>
    fetch(`${gateway.url}/api/admin/releases/mf-content?version=3.0.0&reason=x`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/gzip' },
      body,
    });
  const entry = (name: string, size: number) => {
    const header = Buffer.alloc(512);
    new tar.Header({ path: name, mode: 0o644, size, type: 'File', mtime: new Date(0) }).encode(header, 0);
    return header;
  };
  // 300 MB of zeros in one file: about 300 kB gzipped.
  const zeros = Buffer.alloc(1024 * 1024);
  async function* bombTar() {
    yield entry('mf-manifest.json', 300 * 1024 * 1024);
    for (let megabyte = 0; megabyte < 300; megabyte++) yield zeros;
    yield Buffer.alloc(1024);
  }
  const bomb = Buffer.concat(await Readable.from(bombTar()).pipe(zlib.createGzip()).toArray());
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const refused = await upload(bomb);
  expect(refused.status).toBe(413);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'The release archive is too large: more than 250 MB unpacked.',
  );

  const crowded = zlib.gzipSync(
    Buffer.concat([
      ...Array.from({ length: 10_001 }, (_, index) => entry(`static/${index}.js`, 0)),
      Buffer.alloc(1024),
    ]),
  );
  const tooMany = await upload(crowded);
  expect(tooMany.status).toBe(413);
  expect(((await tooMany.json()) as { message: string }).message).toBe(
    'The release archive is too large: more than 10000 files and folders.',
  );
  expect((await releaseHistory(test.db, 'mf-content')).some((item) => item.version === '3.0.0')).toBe(false);
}, 60_000);

it('holds off a client that keeps presenting bad tokens', async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt += 1)
    statuses.push((await post('/releases/mf-content/rollback', { reason: 'x' }, `party_guess${attempt}`)).status);
  expect(statuses.at(-1)).toBe(429);
});

it('holds off a token that calls too often, leaving the other tokens alone', async () => {
  const [busy, other] = [
    await createAdminToken(test.db, 'deploy script', '*'),
    await createAdminToken(test.db, 'on-call operator', '*'),
  ];
  const list = (token: string) =>
    fetch(`${gateway.url}/api/admin/releases`, { headers: { Authorization: `Bearer ${token}` } });
  for (let call = 0; call < ADMIN_CALLS_PER_MINUTE; call += 1) expect((await list(busy.secret)).status).toBe(200);
  const refused = await list(busy.secret);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await list(other.secret)).status).toBe(200);
});

it('adds a remote to the running site: its team publishes and activates it, the registry serves it at once', async () => {
  const operator = await createAdminToken(test.db, 'on-call operator', '*');
  const donateTeam = await createAdminToken(test.db, 'donate team', 'mf-donate');
  const lines: string[] = [];
  const as = (token: string): ReleaseCommandContext => ({
    control: gatewayControl(gateway.url, token),
    invocation: 'npm run remotes --',
    remoteFolder: () => {
      throw new Error('builds are published --from a folder here');
    },
    configuredBuild: (remote) => (remote === 'mf-participation' ? null : 'its configured build'),
    out: (line: string) => lines.push(line),
  });
  const add = ['add', 'mf-participation', '--prefix', '/consultations', '--linked', '/consultations'];
  const details = ['--link', 'header', '--team', 'Participation team', '--reason', 'consultations'];
  await expect(runReleaseCommand([...add, ...details], as(donateTeam.secret))).rejects.toThrow(
    'This token may change mf-donate only, not the set of remotes.',
  );
  await expect(
    runReleaseCommand(['add', 'mf-participation', '--prefix', '/donate/causes', ...details], as(operator.secret)),
  ).rejects.toThrow('Refused: /donate/causes overlaps /donate, a prefix of mf-donate.');
  await expect(runReleaseCommand([...add, '--link', 'sidebar', ...details], as(operator.secret))).rejects.toThrow(
    '--link takes header or footer, not "sidebar".',
  );

  await runReleaseCommand([...add, ...details], as(operator.secret));
  expect(lines.slice(0, 3)).toEqual([
    'mf-participation is a remote of the site: its pages live under /consultations, linked from the header.',
    'Nothing of it is served until a release is activated: npm run remotes -- publish mf-participation …',
    'Release token 3 for Participation team, scoped to mf-participation. It is shown this once:',
  ]);
  const teamToken = lines[3]!;
  lines.length = 0;
  await runReleaseCommand(['list'], as(operator.secret));
  expect(lines.at(-2)).toBe('mf-participation  (nothing active: its pages are not served)  pages under /consultations');
  const registry = async () =>
    ((await (await fetch(`${gateway.url}/remotes.json`)).json()) as { remotes: Record<string, { version: string }> })
      .remotes;
  expect(await registry()).not.toHaveProperty('mf-participation');

  // The team publishes and activates with its own token; the next registry read serves it.
  const build = path.join(storeDir, '..', `participation-build-${Date.now()}`);
  const routes = [{ path: '/consultations', page: 'Consultations', nav: { label: 'Consultations', order: 40 } }];
  await fakeRemoteBuild(build, { name: 'mf-participation', routes });
  const team = as(teamToken);
  await runReleaseCommand(
    ['publish', 'mf-participation', '--from', build, '--version', '1.0.0', '--reason', 'first'],
    team,
  );
  await runReleaseCommand(['activate', 'mf-participation', '1.0.0', '--reason', 'open'], team);
  await eventually(async () => (await registry())['mf-participation']?.version === '1.0.0');
  expect((await registry())['mf-participation']).toMatchObject({ version: '1.0.0', routes });

  // Removal waits until it serves nothing; then its team's token ends with it.
  await expect(
    runReleaseCommand(['remove', 'mf-participation', '--reason', 'pilot over'], as(operator.secret)),
  ).rejects.toThrow('mf-participation has an active release (1.0.0): roll it back to nothing first.');
  lines.length = 0;
  await runReleaseCommand(['rollback', 'mf-participation', '--reason', 'pilot over'], team);
  expect(lines).toEqual(['mf-participation rolled back from 1.0.0 to nothing (its pages are not served).']);
  await runReleaseCommand(['remove', 'mf-participation', '--reason', 'pilot over'], as(operator.secret));
  expect(lines.at(-1)).toBe(
    'mf-participation is no longer a remote of the site; 1 token of its team revoked. Its published releases and their history are kept.',
  );
  await eventually(async () => !('mf-participation' in (await registry())));
  await expect(runReleaseCommand(['list'], team)).rejects.toThrow('That token is unknown or revoked.');
});

it('refuses a remote defined wrong with what is wrong, and adds nothing', async () => {
  const operator = await createAdminToken(test.db, 'on-call operator', '*');
  const answer = await post(
    '/remotes',
    { name: 'mf-participation', prefixes: ['consultations'], linkPlaces: ['sidebar'], team: 'T', reason: 'r' },
    operator.secret,
  );
  expect(answer.status).toBe(400);
  expect(((await answer.json()) as { message: string }).message).toMatch(/^Refused: A path such as \/consultations; /);
  expect(
    (await post('/remotes', { name: 'mf-participation', prefixes: ['/consultations'] }, operator.secret)).status,
  ).toBe(400);
  const { rows } = await test.db.query("SELECT 1 FROM remotes WHERE name = 'mf-participation'");
  expect(rows).toEqual([]);
});
