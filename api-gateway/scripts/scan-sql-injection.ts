// `npm run scan:sql-injection -w @party/api-gateway`: Debian's sqlmap (`apt-get install sqlmap`) at
// level 3, risk 2, against the JSON endpoints that take what a visitor, a member or staff types: the
// donation pledges, signatures, withdrawals and reports, the members' and staff's second factors,
// and the data requests. A gateway from source on a schema of its own in the PostgreSQL at
// DATABASE_URL, with a local Hardhat chain for the pledges, on this machine's loopback only; every
// request sqlmap makes is bounded by its level and risk. Prints, for each endpoint: what sqlmap
// concluded, and how many answers were 500 (from the gateway's own metrics). Exits 1 on either.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { membershipRegistrationExample, walletTypedData } from '@party/shared-contracts';
import { openDatabase } from '../src/platform/db/database.js';
import { signedLinks } from '../src/platform/email/signed-links.js';
import { startGatewayProcess } from '../src/testing/gateway-process.js';
import { newDeclaration } from '../src/testing/donation-declaration.js';
import { freePort } from '../src/testing/free-port.js';
import { LOCAL_ACCOUNTS, localDonationRules, startLocalChain, writeDonationRules } from '../src/testing/local-chain.js';
import { signedInStaff } from '../src/testing/staff-session.js';
import { TEST_SIGNING_SECRET } from '../src/testing/test-gateway.js';
import { currentAppCode } from '../src/testing/authenticator-app.js';

const run = promisify(execFile);
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL the scan may make a schema in.');

const schema = `sqlmap_${process.pid}`;
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = new URL(process.env.DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema}`);

const chain = await startLocalChain(31337);
const metricsPort = await freePort();
const gateway = await startGatewayProcess({
  DATABASE_URL: url.toString(),
  FORM_RATE_LIMIT: '10000000',
  DONATION_RULES: writeDonationRules(localDonationRules([chain], { cap: null })),
  DONATION_WORKER: 'false',
  METRICS_PORT: String(metricsPort),
  SIGNING_SECRET: TEST_SIGNING_SECRET,
  LOG_LEVEL: 'silent',
});
const db = await openDatabase(
  { kind: 'postgres', url: url.toString(), poolSize: 2, connectTimeoutMs: 2000, queryTimeoutMs: 5000 },
  pino({ level: 'silent' }),
);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlmap-'));

const post = async (pathname: string, body: unknown, cookie = '') => {
  const response = await fetch(`${gateway.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url, cookie },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
};

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))!
    .split(';')[0]!;

/** How many requests the gateway answered, and how many of them with 500, by its own count. */
async function answers(): Promise<{ all: number; errors: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const counts = [...text.matchAll(/^party_http_requests_total\{([^}]*)\} (\d+)/gm)];
  const sum = (rows: typeof counts) => rows.reduce((total, [, , count]) => total + Number(count), 0);
  return { all: sum(counts), errors: sum(counts.filter(([, labels]) => labels!.includes('status="500"'))) };
}

try {
  // What each endpoint needs to be reached at all: a pledge, sessions at each step, a signed link.
  const declaration = newDeclaration();
  const pledgeBody = {
    chainId: chain.chainId,
    account: LOCAL_ACCOUNTS[0],
    amountEth: '0.01',
    declaration,
    privacy: true,
  };
  const { body: pledged } = await post('/api/donations/pledges', pledgeBody);
  const signature = await chain.rpc<string>('eth_signTypedData_v4', [
    LOCAL_ACCOUNTS[0],
    walletTypedData(pledged.typedData as never),
  ]);

  const staff = await signedInStaff(gateway.url, db, 'administrator', 'scan.admin@party.example');
  const staffWaiting = cookieOf(
    (await post('/api/staff/session', { email: 'scan.admin@party.example', password: staff.password })).response,
    '__Host-staff_session',
  );
  const [staffFactor] = (await (
    await fetch(`${gateway.url}/api/staff/factors`, { headers: { cookie: staff.cookie } })
  ).json()) as Array<{ id: string }>;

  const memberPassword = 'correct horse battery';
  await post(
    '/api/membership',
    membershipRegistrationExample({
      firstName: 'Scan',
      lastName: 'Member',
      email: 'scan.member@example.org',
      password: memberPassword,
    }),
  );
  await db.query(`UPDATE members SET status = 'active', confirmed_at = now() WHERE email = 'scan.member@example.org'`);
  const memberCookieOf = (response: Response) => cookieOf(response, '__Host-party_session');
  const member = memberCookieOf(
    (await post('/api/member/session', { email: 'scan.member@example.org', password: memberPassword })).response,
  );
  const { body: secret } = await post('/api/member/factors/app/secret', {}, member);
  await post(
    '/api/member/factors/app',
    { code: await currentAppCode(secret.secret as string), label: 'Phone' },
    member,
  );
  const memberWaiting = memberCookieOf(
    (await post('/api/member/session', { email: 'scan.member@example.org', password: memberPassword })).response,
  );
  const dataLink = signedLinks(TEST_SIGNING_SECRET).sign(
    'data-request',
    'scan-nonce-of-no-request',
    new Date(Date.now() + 3600_000),
  );

  const targets: Array<{ name: string; path: string; method?: string; data?: unknown; cookie?: string }> = [
    { name: 'donation pledge', path: '/api/donations/pledges', data: pledgeBody },
    {
      name: 'pledge signature',
      path: `/api/donations/pledges/${String(pledged.pledge)}*/signature`,
      data: { signature },
    },
    { name: 'pledge withdrawal', path: `/api/donations/pledges/${String(pledged.pledge)}*/withdrawal`, data: {} },
    {
      name: 'donation report',
      path: '/api/donations',
      data: { pledge: pledged.pledge, chainId: chain.chainId, txHash: `0x${'ab'.repeat(32)}` },
    },
    { name: 'staff second factor', path: '/api/staff/session/factor', data: { code: '123456' }, cookie: staffWaiting },
    {
      name: 'staff new app',
      path: '/api/staff/factors/app',
      data: { code: '123456', label: 'Tablet' },
      cookie: staff.cookie,
    },
    {
      name: 'staff factor removal',
      path: `/api/staff/factors/${staffFactor!.id}*`,
      method: 'DELETE',
      cookie: staff.cookie,
    },
    {
      name: 'staff message reply',
      path: '/api/staff/messages/1*/reply',
      data: { text: 'A reply long enough to be sent.' },
      cookie: staff.cookie,
    },
    {
      name: 'member second factor',
      path: '/api/member/session/factor',
      data: { code: '123456' },
      cookie: memberWaiting,
    },
    {
      name: 'member new app',
      path: '/api/member/factors/app',
      data: { code: '123456', label: 'Tablet' },
      cookie: member,
    },
    { name: 'data request', path: '/api/your-data', data: { email: 'someone@example.org', request: 'copy' } },
    { name: 'data copy link', path: `/api/your-data/copy?token=${encodeURIComponent(dataLink)}`, data: {} },
    { name: 'data erasure link', path: `/api/your-data/erasure?token=${encodeURIComponent(dataLink)}`, data: {} },
  ];

  let failed = false;
  console.log('| endpoint | requests | sqlmap (level 3, risk 2) | answers 500 |\n| --- | --- | --- | --- |');
  for (const target of targets) {
    const before = await answers();
    const args = [
      '-u',
      `${gateway.url}${target.path}`,
      '--method',
      target.method ?? 'POST',
      ...(target.data === undefined ? [] : ['--data', JSON.stringify(target.data)]),
      '-H',
      'Content-Type: application/json',
      '-H',
      `Origin: ${gateway.url}`,
      ...(target.cookie ? ['--cookie', target.cookie] : []),
      '--level',
      '3',
      '--risk',
      '2',
      '--dbms',
      'PostgreSQL',
      '--batch',
      '--flush-session',
      '--disable-coloring',
      // A wrong code or a refusal is the endpoint's answer to most payloads, not a reason to stop.
      '--ignore-code',
      '400,401,403,404,409,410,422,423,429',
      '--output-dir',
      outDir,
    ];
    const { stdout } = await run('sqlmap', args, { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const injectable =
      /is vulnerable|appears to be .* injectable|Parameter: .+ \(/.test(stdout) &&
      !/do not appear to be injectable/.test(stdout);
    const verdict = injectable
      ? 'INJECTABLE'
      : /do not appear to be injectable/.test(stdout)
        ? 'not injectable'
        : `no verdict: ${stdout.trim().split('\n').at(-1)}`;
    const after = await answers();
    const errors = after.errors - before.errors;
    failed ||= injectable || errors > 0 || verdict.startsWith('no verdict');
    console.log(
      `| ${target.name} (\`${target.method ?? 'POST'} ${target.path.replace(/\?.*/, '')}\`) | ${after.all - before.all} | ${verdict} | ${errors} |`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await db.close();
  await gateway.stop();
  chain.stop();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
  fs.rmSync(outDir, { recursive: true, force: true });
}
