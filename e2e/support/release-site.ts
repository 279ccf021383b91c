import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildRemote, freePort, repositoryRoot, startGateway } from './local-processes';

const run = promisify(execFile);

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
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000',
    PAGE_RENDER_BUDGET_MS: '2000',
  };
  delete env.REDIS_URL;

  const remotes = async (...args: string[]) =>
    (await run(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/cli/remotes.js'), ...args, '--by', 'e2e'], { env })).stdout;
  // Migrates the schema before the gateway starts.
  await remotes('list');

  const gateway = await startGateway(port, env);
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    storeDir,
    remotes,
    /** A federation build of a remote whose pages say `release <label>`. */
    async build(remote: string, label: string): Promise<string> {
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `${remote}-${label}-`));
      await buildRemote(remote, outDir, { REMOTE_RELEASE: label });
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
