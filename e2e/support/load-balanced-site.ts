import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runTestProcess, startTestProcess } from '../../api-gateway/src/testing/test-processes';
import { startLoopbackMailbox } from './loopback-mailbox';
import { freePort, repositoryRoot, startNode } from './local-processes';

export type GatewayName = 'a' | 'b';

/**
 * The reference deployment (docs/deployment.md) on this machine: HAProxy with `deploy/haproxy.cfg`
 * in front of two gateways on loopback ports, each with its own empty release cache, sharing a
 * PostgreSQL schema of their own and the machine's Redis, delivering email to an SMTP server on
 * loopback. Migrations run as their own step first; the gateways only check the schema.
 */
export async function startLoadBalancedSite({
  databaseUrl,
  redisUrl,
  gateways = ['a', 'b'],
}: {
  databaseUrl: string;
  redisUrl: string;
  gateways?: GatewayName[];
}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'load-balanced-'));
  const schema = `e2e_lb_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);

  const [lbPort, statsPort, smtpPort, portA, portB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const ports: Record<GatewayName, number> = { a: portA, b: portB };
  const baseUrl = `http://127.0.0.1:${lbPort}`;
  const mailbox = await startLoopbackMailbox(path.join(scratch, 'mail'), smtpPort);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    RATE_LIMIT_KEY_PREFIX: `${schema}:`,
    FORM_RATE_LIMIT: '100000',
    TRUST_PROXY: 'loopback',
    PUBLIC_ORIGIN: baseUrl,
    LOG_LEVEL: 'warn',
    PAGE_RENDER_BUDGET_MS: '2000',
    MIGRATE_ON_START: 'false',
    SHUTDOWN_DRAIN_MS: '1500',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    CONTROL_SOCKET: 'off',
  };
  const cli = async (script: 'remotes' | 'tokens' | 'migrate', args: string[], extra: NodeJS.ProcessEnv = {}) =>
    (
      await runTestProcess(
        `npm run ${script}`,
        process.execPath,
        [path.join(repositoryRoot, `api-gateway/dist/cli/${script}.js`), ...args],
        { env: { ...env, ...extra } },
      )
    ).stdout;
  await cli('migrate', []);
  const token = (await cli('tokens', ['create', '--owner', 'e2e deployer', '--scope', 'all']))
    .trim()
    .split('\n')
    .at(-1)!;

  const gatewayUrl = (name: GatewayName) => `http://127.0.0.1:${ports[name]}`;
  const isReady = async (name: GatewayName) => (await fetch(`${gatewayUrl(name)}/readyz`)).status === 200;
  const running = new Map<GatewayName, ChildProcess>();
  /** Starts gateway `name` with an empty release cache; resolves once it is ready (pages rendered). */
  const start = async (name: GatewayName) => {
    const cache = fs.mkdtempSync(path.join(scratch, `cache-${name}-`));
    const child = await startNode(
      `Gateway ${name}`,
      [path.join(repositoryRoot, 'api-gateway/dist/server.js')],
      { env: { ...env, HOST: '127.0.0.1', PORT: String(ports[name]), RELEASE_STORE_DIR: cache } },
      () => isReady(name),
    );
    running.set(name, child);
  };
  /** SIGTERM, as an orchestrator stops an instance; resolves with its exit code. */
  const stop = async (name: GatewayName) => {
    const child = running.get(name);
    running.delete(name);
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  await Promise.all(gateways.map(start));

  // Beside the reference file, HAProxy's own statistics: what an orchestrator watches to know that
  // the balancer has taken an instance back.
  const statsConfig = path.join(scratch, 'stats.cfg');
  fs.writeFileSync(
    statsConfig,
    `listen stats\n  bind 127.0.0.1:${statsPort}\n  mode http\n  stats enable\n  stats uri /stats\n`,
  );
  const haproxy = startTestProcess(
    'HAProxy',
    'haproxy',
    ['-db', '-q', '-f', path.join(repositoryRoot, 'deploy/haproxy.cfg'), '-f', statsConfig],
    {
      env: {
        ...process.env,
        LB_BIND: `127.0.0.1:${lbPort}`,
        GATEWAY_A: `127.0.0.1:${ports.a}`,
        GATEWAY_B: `127.0.0.1:${ports[gateways.includes('b') ? 'b' : 'a']}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  /** Waits (bounded) until the balancer's health checks have marked gateway `name` up. */
  const takenBack = async (name: GatewayName) => {
    const status = async () => {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
      const [header = '', ...rows] = csv.replace(/^# /, '').split('\n');
      const columns = header.split(',');
      const row = rows.map((line) => line.split(',')).find((cells) => cells[0] === 'gateways' && cells[1] === name);
      return row?.[columns.indexOf('status')] ?? 'absent';
    };
    let seen = 'unknown';
    for (let tries = 0; tries < 600; tries += 1) {
      seen = await status().catch(() => 'unreachable');
      if (seen === 'UP') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Not within 60 s: the balancer to mark gateway ${name} up (last seen: ${seen})`);
  };
  for (const name of new Set(gateways)) await takenBack(name);

  return {
    baseUrl,
    gatewayUrl,
    scratch,
    /** An admin-API token for every remote. */
    token,
    /** `npm run remotes -- …args` through gateway `via`'s admin API. */
    remotes: (via: GatewayName, ...args: string[]) =>
      cli('remotes', args, { PARTY_ADMIN_URL: gatewayUrl(via), PARTY_ADMIN_TOKEN: token }),
    /** Runs `sql` in the site's schema. */
    query: async <Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<Row>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    start,
    stop,
    /**
     * A rolling restart: each gateway in turn told to stop (SIGTERM), started again with an empty
     * cache, and ready, and taken back by the balancer, before the next.
     */
    async rollingRestart() {
      for (const name of gateways) {
        const code = await stop(name);
        if (code !== 0) throw new Error(`Gateway ${name} exited with ${code} when told to stop`);
        await start(name);
        await takenBack(name);
      }
    },
    async close() {
      haproxy.kill();
      await Promise.all(gateways.map(stop));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      await new Promise<void>((resolve) => mailbox.close(() => resolve()));
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
