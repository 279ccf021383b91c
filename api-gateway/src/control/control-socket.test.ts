import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startGatewayProcess, type GatewayProcess } from '../testing/gateway-process.js';
import { fakeDonateBuild } from '../testing/fake-remote-build.js';
import { runTestProcess } from '../testing/test-processes.js';

// The embedded default while the site runs: the operators' commands go through the running gateway.

const packageRoot = path.resolve(import.meta.dirname, '../..');

/** `npm run <script> -- …args` from source, as an operator on the gateway's machine runs it. */
async function command(dataDir: string, script: 'staff' | 'tokens' | 'remotes', ...args: string[]) {
  const { stdout } = await runTestProcess(
    `npm run ${script}`,
    process.execPath,
    ['--conditions=@party/source', '--import', 'tsx', `src/cli/${script}.ts`, ...args],
    {
      cwd: packageRoot,
      env: { PATH: process.env.PATH, PGLITE_DATA_DIR: dataDir },
    },
  );
  return stdout;
}

let gateway: GatewayProcess;
let build: string;
let cache: string;
beforeAll(async () => {
  [build, cache] = await Promise.all([
    fs.mkdtemp(path.join(os.tmpdir(), 'control-build-')),
    fs.mkdtemp(path.join(os.tmpdir(), 'control-cache-')),
  ]);
  await fakeDonateBuild(build);
  gateway = await startGatewayProcess({ LOG_LEVEL: 'silent', RELEASE_STORE_DIR: cache });
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await Promise.all([build, cache].map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

it('adds staff, makes tokens, and publishes, activates and rolls back releases while the embedded site runs, with the same records', async () => {
  const socket = `${gateway.dataDir.replace(/\/$/, '')}.control.sock`;
  expect((await fs.stat(socket)).mode & 0o777).toBe(0o600);

  expect(
    await command(gateway.dataDir, 'staff', 'add', '--email', 'ada@example.org', '--name', 'Ada Lovelace'),
  ).toMatch(/^Administrator account for Ada Lovelace <ada@example\.org>\. Its password is shown this once/);
  await expect(command(gateway.dataDir, 'staff', 'add', '--email', 'not-an-address')).rejects.toThrow(
    /Usage: npm run staff/,
  );
  // The rest of the staff are invited from the console, by an administrator.
  await expect(
    command(gateway.dataDir, 'staff', 'add', '--email', 'bo@example.org', '--name', 'Bo', '--role', 'communications'),
  ).rejects.toThrow(/invite the rest of the staff/);
  expect(await command(gateway.dataDir, 'tokens', 'create', '--owner', 'donate team', '--scope', 'mf-donate')).toMatch(
    /^Token \d+ for donate team \(mf-donate\)/,
  );

  await command(
    gateway.dataDir,
    'remotes',
    'publish',
    'mf-donate',
    '--from',
    build,
    '--version',
    '1.0.0',
    '--reason',
    'new tiers',
  );
  await command(gateway.dataDir, 'remotes', 'activate', 'mf-donate', '1.0.0', '--reason', 'launch');
  const registry = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as {
    remotes: Record<string, { version: string }>;
  };
  expect(registry.remotes['mf-donate']?.version).toBe('1.0.0');
  expect(await command(gateway.dataDir, 'remotes', 'rollback', 'mf-donate', '--reason', 'back')).toContain(
    'mf-donate rolled back from 1.0.0 to its configured build',
  );
  // Who did it is the operating-system account that ran the command, through the socket.
  expect(await command(gateway.dataDir, 'remotes', 'history', 'mf-donate')).toContain(
    `${os.userInfo().username}@${os.hostname()} (control socket)`,
  );

  // Once the site stops, the same commands open the database themselves and find the same records.
  await gateway.stop();
  await expect(fs.stat(socket)).rejects.toThrow();
  expect(await command(gateway.dataDir, 'staff', 'list')).toMatch(/^ada@example\.org {2}administrator +Ada Lovelace/m);
  expect(await command(gateway.dataDir, 'tokens', 'list')).toContain('donate team');
}, 120_000);
