import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { runTestProcess } from '../../api-gateway/src/testing/test-processes';
import { expectPage } from './fixtures';
import type { StaffAccount } from './staff-console';
import { freePort, labelledBuild, repositoryRoot, startGateway } from './local-processes';
import { buildRemote as buildForRelease } from '@party/release-tool';

/** The element of an mf-content page that names the release that served it (`build(…, label)` sets it). */
export const contentRelease = (page: Page) => page.locator('main [data-remote="mf-content"] [data-release]');

type ReleaseDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite' };

/**
 * A gateway with a registry of its own (a PostgreSQL schema, or an embedded database in a temporary
 * folder) and a temporary release cache, and the operators' command line pointed at it: straight at
 * the database on PostgreSQL, through the running gateway's admin API with a token on PGlite (as a
 * team off the gateway's machine would; the control socket has tests of its own). On PGlite, tokens
 * for every remote and for mf-donate alone are made before the site starts.
 */
export async function startReleaseSite(database: ReleaseDatabase) {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RELEASE_STORE_DIR: storeDir,
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000',
    PAGE_RENDER_BUDGET_MS: '2000',
    // As behind a balancer: a canary's verdict counts each visitor's address once.
    TRUST_PROXY: 'loopback',
    // These tests send no forms: no outbox to deliver, no email files in the repository.
    OUTBOX_WORKER: 'false',
  };
  delete env.REDIS_URL;
  delete env.DATABASE_URL;

  let dropDatabase: () => Promise<unknown>;
  if (database.kind === 'postgres') {
    const schema = `e2e_releases_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(database.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  } else {
    env.PGLITE_DATA_DIR = path.join(storeDir, '..', `${path.basename(storeDir)}-pglite`);
    dropDatabase = async () => fs.rmSync(env.PGLITE_DATA_DIR!, { recursive: true, force: true });
  }

  const cli = async (script: 'remotes' | 'tokens' | 'staff', args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    (
      await runTestProcess(
        `npm run ${script}`,
        process.execPath,
        [path.join(repositoryRoot, `api-gateway/dist/cli/${script}.js`), ...args],
        { env: { ...env, ...extraEnv } },
      )
    ).stdout;
  const newToken = async (scope: string) =>
    (await cli('tokens', ['create', '--owner', `e2e ${scope}`, '--scope', scope])).trim().split('\n').at(-1)!;
  // Also migrates the database before the gateway starts.
  const tokens =
    database.kind === 'pglite' ? { all: await newToken('all'), donate: await newToken('mf-donate') } : null;
  if (!tokens) await cli('remotes', ['list']);
  const asOperator = (token: string | undefined) =>
    tokens ? { PARTY_ADMIN_URL: baseUrl, PARTY_ADMIN_TOKEN: token } : {};
  /** `npm run remotes -- …args`, as an operator with every right (or with `token`). */
  const remotes = async (...args: string[]) => cli('remotes', args, asOperator(tokens?.all));

  const gateway = await startGateway(port, env);

  return {
    baseUrl,
    storeDir,
    remotes,
    tokens,
    /** Loads /about afresh and tells which release of mf-content served it. */
    async releaseShown(page: Page): Promise<string> {
      await page.goto(`${baseUrl}/about`);
      await expectPage(page, 'A movement built on evidence, not slogans.');
      return (await contentRelease(page).getAttribute('data-release')) ?? '';
    },
    /** A new administrator of this site, as `npm run staff -- add` makes the first one. */
    async administrator(): Promise<StaffAccount> {
      const email = `admin+${Date.now()}@party.example`;
      const name = 'Release Administrator';
      const added = await cli('staff', ['add', '--email', email, '--name', name]);
      return { email, name, password: added.trim().split('\n').at(-1)! };
    },
    /** `npm run remotes` through the gateway with the token given (PGlite only). */
    remotesWithToken: (token: string, ...args: string[]) => cli('remotes', args, asOperator(token)),
    /** A federation build of a remote whose pages say `release <label>`, made once per run. */
    build: (remote: string, label: string): Promise<string> => labelledBuild(remote, label),
    /** A release build of the shell (for browsers and the page renderer), addressed as `version` in the release store. */
    async buildShell(version: string): Promise<string> {
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `shell-${version}-`));
      await buildForRelease(path.join(repositoryRoot, 'shell'), outDir, version);
      return outDir;
    },
    /**
     * What mf-content's team does to add a page: `routes/<page>.tsx` and a line in its route table,
     * in a copy of its folder, built (for browsers and for the page renderer) as a release of its own.
     */
    async buildContentWithPage(
      label: string,
      page: { path: string; page: string; source: string; footer: { group: string; label: string; order: number } },
    ): Promise<string> {
      const sourceDir = fs.mkdtempSync(path.join(repositoryRoot, '.e2e-mf-content-'));
      try {
        for (const entry of ['src', 'package.json', 'rsbuild.config.ts', 'tsconfig.json'])
          fs.cpSync(path.join(repositoryRoot, 'mf-content', entry), path.join(sourceDir, entry), { recursive: true });
        fs.writeFileSync(path.join(sourceDir, 'src/routes', `${page.page}.tsx`), page.source);
        const table = path.join(sourceDir, 'src/routes/route-table.ts');
        const route = JSON.stringify({ path: page.path, page: page.page, footer: page.footer });
        fs.writeFileSync(
          table,
          fs.readFileSync(table, 'utf8').replace('] as const satisfies', `  ${route},\n] as const satisfies`),
        );
        const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `mf-content-${label}-`));
        await buildForRelease(sourceDir, outDir, label);
        return outDir;
      } finally {
        fs.rmSync(sourceDir, { recursive: true, force: true });
      }
    },
    async stop() {
      const exited = gateway.exitCode === null ? new Promise((resolve) => gateway.once('exit', resolve)) : null;
      gateway.kill();
      // The embedded database's folder is removed only once its process has let go of it.
      await exited;
      await dropDatabase();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
