import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A gateway whose registry lives in its own PostgreSQL schema and whose release store is a
 * temporary folder, with the operators' command line pointed at the same two. PostgreSQL, because
 * the command line and a running gateway cannot share the embedded database.
 */
export async function startReleaseSite(databaseUrl: string) {
  const schema = `e2e_releases_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url.toString(),
    RELEASE_STORE_DIR: storeDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000',
  };
  delete env.REDIS_URL;

  const remotes = async (...args: string[]) =>
    (await run(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/cli/remotes.js'), ...args, '--by', 'e2e'], { env })).stdout;
  // Migrates the schema before the gateway starts.
  await remotes('list');

  const gateway: ChildProcess = spawn(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/server.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || gateway.exitCode !== null) throw new Error('The release gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    storeDir,
    remotes,
    /** A federation build of a remote whose pages say `release <label>`. */
    async build(remote: string, label: string): Promise<string> {
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `${remote}-${label}-`));
      await run(process.execPath, [path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build', '--environment', 'federation'], {
        cwd: path.join(repositoryRoot, remote),
        env: { ...process.env, REMOTE_RELEASE: label, REMOTE_DIST_DIR: outDir },
      });
      return outDir;
    },
    async stop() {
      gateway.kill();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
