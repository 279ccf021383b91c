import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startGatewayProcess } from '../testing/gateway-process.js';
import { fakeDonateBuild } from '../testing/fake-remote-build.js';
import { freePort } from '../testing/free-port.js';
import { runTestProcess } from '../testing/test-processes.js';
import { testServiceAvailable } from '../testing/test-services.js';

// `npm run backup` while the site takes writes, `npm run restore` into an empty database.

const packageRoot = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.DATABASE_URL;

async function command(env: NodeJS.ProcessEnv, script: 'backup' | 'restore' | 'remotes', ...args: string[]) {
  const { stdout } = await runTestProcess(
    `npm run ${script}`,
    process.execPath,
    ['--conditions=@party/source', '--import', 'tsx', `src/cli/${script}.ts`, ...args],
    {
      cwd: packageRoot,
      env: { PATH: process.env.PATH, ...env },
    },
  );
  return stdout;
}

/**
 * Newsletter sign-ups, one after another, until `until` resolves: writes while the backup runs. One
 * visitor, not several: more at once kept both cores busy, and the backup, slowed by them, took writes
 * for longer still (on a loaded machine the PostgreSQL case passed its 180 s bound).
 */
async function signUpsUntil(url: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  let accepted = 0;
  for (let n = 0; n < 20_000 && !done; n += 1) {
    const response = await fetch(`${url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: `reader-${n}@example.org` }),
    });
    if (response.status === 201) accepted += 1;
    await response.arrayBuffer();
  }
  return accepted;
}

const databases: Array<[string, string | null]> = [
  ['the embedded database', null],
  ...(testServiceAvailable('postgres') ? [['PostgreSQL', postgresUrl!] as [string, string]] : []),
];

describe.each(databases)('backup and restore of %s', (_name, serverUrl) => {
  it('backs up while the site takes writes, and restores into an empty database with the same rows and a release store that activate and rollback accept', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-'));
    const build = path.join(scratch, 'build');
    await fakeDonateBuild(build);
    let source: NodeJS.ProcessEnv = {};
    let target: NodeJS.ProcessEnv = { PGLITE_DATA_DIR: path.join(scratch, 'restored') };
    const dropped: string[] = [];
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const name = `backup_${process.pid}_${Date.now()}`;
      for (const suffix of ['from', 'to']) {
        await admin.query(`CREATE DATABASE ${name}_${suffix}`);
        dropped.push(`${name}_${suffix}`);
      }
      await admin.end();
      const url = (database: string) => Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
      // The commands reach the running site through its control socket, as on the embedded database.
      source = { DATABASE_URL: url(`${name}_from`), CONTROL_SOCKET: path.join(scratch, 'control.sock') };
      target = { DATABASE_URL: url(`${name}_to`) };
    }
    const metricsPort = await freePort();
    const gateway = await startGatewayProcess({
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'silent',
      FORM_RATE_LIMIT: '100000',
      RELEASE_STORE_DIR: path.join(scratch, 'cache'),
      ...source,
    });
    const env = serverUrl ? source : { PGLITE_DATA_DIR: gateway.dataDir };
    try {
      for (const version of ['1.0.0', '1.1.0']) {
        await command(
          env,
          'remotes',
          'publish',
          'mf-donate',
          '--from',
          build,
          '--version',
          version,
          '--reason',
          'release',
        );
        await command(env, 'remotes', 'activate', 'mf-donate', version, '--reason', 'launch');
      }
      const backup = path.join(scratch, 'site.backup');
      const backingUp = command(env, 'backup', backup);
      const accepted = await signUpsUntil(gateway.url, backingUp);
      expect(await backingUp).toMatch(
        /^Backed up the (embedded|PostgreSQL) database to .* rows in \d+ tables, in [\d.]+ s\.$/m,
      );
      expect(accepted).toBeGreaterThan(0);
      expect((await fs.stat(backup)).mode & 0o777).toBe(0o600);
      const manifest = JSON.parse(await fs.readFile(`${backup}.json`, 'utf8')) as {
        rows: Record<string, number>;
        takenAt: string;
      };
      expect(manifest.rows.remote_releases).toBe(2);
      // The finished backup is on record: the operators' gauge says when it was taken.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain(
        `party_backup_last_success_timestamp_seconds ${new Date(manifest.takenAt).getTime() / 1000}\n`,
      );

      expect(await command(target, 'restore', backup)).toMatch(
        /as it holds them; 2 releases, every file present and unchanged\.$/m,
      );
      if (!serverUrl) expect((await fs.stat(target.PGLITE_DATA_DIR!)).mode & 0o777).toBe(0o700);
      // Restoring over data is refused.
      await expect(command(target, 'restore', backup)).rejects.toThrow(
        /(is not empty|already has tables): restore into/,
      );
      // The restored site's releases pass the checks of a switch.
      const restored = { ...target, RELEASE_STORE_DIR: path.join(scratch, 'restored-cache') };
      expect(await command(restored, 'remotes', 'rollback', 'mf-donate', '--reason', 'restore drill')).toContain(
        'rolled back from 1.1.0 to 1.0.0',
      );
      expect(
        await command(restored, 'remotes', 'activate', 'mf-donate', '1.1.0', '--reason', 'restore drill'),
      ).toContain('1.1.0');
    } finally {
      await gateway.stop();
      if (dropped.length > 0) {
        const admin = new pg.Client({ connectionString: serverUrl! });
        await admin.connect();
        for (const name of dropped) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }, 180_000);
});
