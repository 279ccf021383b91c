// `npm run bench:deployment`: the reference deployment (docs/deployment.md) measured on this machine,
// loopback only, every loop bounded. Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL; the
// machine's by default) and HAProxy. Prints:
//   - time from `activate` (the admin API's answer) to the new release served by every instance;
//   - cold start to ready of a gateway with an empty release cache (the active release fetched,
//     every page rendered);
//   - page views per second through the balancer with two gateways and with one, side by side,
//     alternating, medians of BENCH_ROUNDS (default 3);
//   - backup and restore times for 100,000 rows, embedded database and PostgreSQL.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { buildRemote as buildForRelease } from '@party/release-tool';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLoadBalancedSite, type GatewayName } from '../support/load-balanced-site';
import { repositoryRoot } from '../support/local-processes';

const run = promisify(execFile);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROWS = 100_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const since = (start: number) => Math.round(performance.now() - start);

const site = await startLoadBalancedSite({ databaseUrl, redisUrl });
try {
  const build = path.join(site.scratch, 'mf-content-build');
  await buildForRelease(path.join(repositoryRoot, 'mf-content'), build, 'bench');
  const switches: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const version = `9.${round}.0-bench`;
    await site.remotes('a', 'publish', 'mf-content', '--from', build, '--version', version, '--reason', 'bench');
    const activated = await fetch(`${site.gatewayUrl('b')}/api/admin/releases/mf-content/activate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version, reason: 'bench' }),
    });
    if (!activated.ok) throw new Error(`activate answered ${activated.status}`);
    const start = performance.now();
    const servedBy = async (name: GatewayName) => {
      for (let poll = 0; poll < 1_000; poll += 1) {
        const registry = (await (await fetch(`${site.gatewayUrl(name)}/remotes.json`)).json()) as {
          remotes: Record<string, { version: string }>;
        };
        if (
          registry.remotes['mf-content']?.version === version &&
          (await fetch(`${site.gatewayUrl(name)}/releases/mf-content/${version}/mf-manifest.json`)).ok
        )
          return since(start);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error(`${name} never served ${version}`);
    };
    switches.push(Math.max(...(await Promise.all((['a', 'b'] as const).map(servedBy)))));
  }
  console.log(`activate to served by both instances: median ${median(switches)} ms (${switches.join(', ')})`);

  // With a release active, a new instance fetches it from the store before it is ready.
  const coldStarts: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await site.stop('b');
    const start = performance.now();
    await site.start('b');
    coldStarts.push(since(start));
  }
  console.log(
    `cold start to ready, empty release cache, a release of mf-content to fetch: median ${median(coldStarts)} ms (${coldStarts.join(', ')})`,
  );

  const viewsPerSecond = async () => {
    const result = await autocannon({ url: `${site.baseUrl}/about`, connections: 20, duration: SECONDS });
    return Math.round(result.requests.average);
  };
  const two: number[] = [];
  const one: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    two.push(await viewsPerSecond());
    await site.stop('b');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    one.push(await viewsPerSecond());
    await site.start('b');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(
    `page views/s through HAProxy (/about, 20 connections, ${SECONDS} s): two gateways median ${median(two)} (${two.join(', ')}), one gateway median ${median(one)} (${one.join(', ')}); ratio ${(median(two) / median(one)).toFixed(2)} on ${os.cpus().length} cores shared with the load generator`,
  );
} finally {
  await site.close();
}

/** Times `npm run backup` and `npm run restore` of a database holding ROWS contact messages. */
async function backupAndRestore(name: string, source: NodeJS.ProcessEnv, target: NodeJS.ProcessEnv, scratch: string) {
  const cli = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
    run(process.execPath, [path.join(repositoryRoot, `api-gateway/dist/cli/${script}.js`), ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
  const file = path.join(scratch, 'site.backup');
  let start = performance.now();
  await cli('backup', [file], source);
  const backup = since(start);
  start = performance.now();
  await cli('restore', [file], target);
  console.log(
    `${name}, ${ROWS} rows: backup ${backup} ms (${(fs.statSync(file).size / 1e6).toFixed(1)} MB), restore and check ${since(start)} ms`,
  );
}

const insertRows = `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at)
  SELECT 'Reader ' || n, 'reader' || n || '@example.org', 'general', 'A question about the manifesto, long enough to be a real one.', now() FROM generate_series(1, ${ROWS}) AS n`;
const migrate = (env: NodeJS.ProcessEnv) =>
  run(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/cli/migrate.js')], {
    env: { PATH: process.env.PATH, ...env },
  });

const embedded = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
try {
  const dataDir = path.join(embedded, 'data');
  await migrate({ PGLITE_DATA_DIR: dataDir });
  const db = await PGlite.create(dataDir);
  await db.exec(insertRows);
  await db.close();
  await backupAndRestore(
    'embedded database',
    { PGLITE_DATA_DIR: dataDir, CONTROL_SOCKET: 'off' },
    { PGLITE_DATA_DIR: path.join(embedded, 'restored') },
    embedded,
  );
} finally {
  fs.rmSync(embedded, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const names = [`bench_backup_${process.pid}_from`, `bench_backup_${process.pid}_to`];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
try {
  for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  const [from, to] = names.map((name) => Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString());
  await migrate({ DATABASE_URL: from });
  const client = new pg.Client({ connectionString: from });
  await client.connect();
  await client.query(insertRows);
  await client.end();
  await backupAndRestore('PostgreSQL', { DATABASE_URL: from }, { DATABASE_URL: to }, scratch);
} finally {
  for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(scratch, { recursive: true, force: true });
}
