// `npm run bench:gateway`: the production gateway measured side by side with bare yardsticks in one
// run, on loopback, with bounded loops. Each pair is run BENCH_ROUNDS times (alternating which goes
// first) and the median ratio printed, because this machine is shared and noisy. Prints:
//   - POST /api/newsletter vs a bare Koa JSON echo, on PGlite and (with DATABASE_URL) PostgreSQL,
//     there also with the email it queues delivered by another instance;
//   - GET /api/health vs the echo's GET; GET / and the largest static chunk vs a bare static server;
//   - /remotes.json p99 at 50 connections;
//   - how well the time of one newsletter answer tells a subscribed address from a new one;
//   - GET /api/health p99 idle and during a burst of 16 parallel membership registrations;
//   - (with DATABASE_URL, as root, unless BENCH_PG_RESTART=0) PostgreSQL restarted under an idle and
//     a busy gateway: process exits, lost acknowledged writes, time to recover.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const packageRoot = path.resolve(import.meta.dirname, '..');
const repositoryRoot = path.resolve(packageRoot, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 20;
const databaseUrl = process.env.DATABASE_URL;

const stops = [];
const started = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 2) => Number(value.toFixed(digits));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns a Node script and waits (at most 60 s) until `readyPath` answers. */
async function startServer(name, args, env = {}, readyPath = '/') {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), {
    env: { ...process.env, NODE_ENV: 'production', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server = { name, url, child, exited, stop: () => child.kill() };
  stops.push(server.stop);
  started.push(child);
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(url + readyPath).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${name} did not start`);
    await sleep(200);
  }
  return server;
}

async function postgresSchemaUrl() {
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  stops.push(async () => {
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
    await cleanup.end();
  });
  return url.toString();
}

function startGateway(name, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
  stops.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return startServer(
    name,
    () => [path.join(packageRoot, 'dist/server.js')],
    {
      PGLITE_DATA_DIR: dataDir,
      // One client sends everything here: the limit would measure itself, not the endpoint.
      FORM_RATE_LIMIT: '1000000000',
      // Its donation rules name public networks: nothing here follows them.
      DONATION_WORKER: 'false',
      // Restarted by the benchmark, not drained: no load balancer routes to it.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    '/api/health',
  );
}

function startBaseline(mode, root = '') {
  return startServer(`bare ${mode}`, (port) => [
    path.join(import.meta.dirname, 'bench-baseline-server.mjs'),
    mode,
    String(port),
    root,
  ]);
}

/** CPU time, in clock ticks, that the started processes have used (Linux's /proc). */
function ticksUsed() {
  let ticks = 0;
  for (const child of started.filter(({ exitCode, signalCode }) => exitCode === null && signalCode === null)) {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/**
 * Waits (at most 60 s) until the started processes are idle: the sign-ups of one figure leave
 * emails that their gateway goes on delivering for seconds, which the next figure would measure.
 */
async function settle() {
  if (!fs.existsSync('/proc/self/stat')) return;
  const deadline = Date.now() + 60_000;
  let before = ticksUsed();
  while (Date.now() < deadline) {
    await sleep(500);
    const now = ticksUsed();
    // At most a tenth of a core over the last half second (clock ticks are usually 1/100 s).
    if (now - before <= 5) return;
    before = now;
  }
}

let sequence = 0;
const newsletterRequest = (origin) => ({
  method: 'POST',
  path: '/api/newsletter',
  headers: { 'content-type': 'application/json', origin },
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({ email: `reader-${process.pid}-${++sequence}@example.org` }),
  }),
});
const membershipRequest = (origin) => ({
  method: 'POST',
  path: '/api/membership',
  headers: { 'content-type': 'application/json', origin },
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `member-${process.pid}-${++sequence}@example.org`,
      password: 'correct horse battery',
      address: '1 Main Street',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      membershipTier: 'member',
      agreeToTerms: true,
    }),
  }),
});
const browserGet = (requestPath) => ({ method: 'GET', path: requestPath, headers: { 'accept-encoding': 'br, gzip' } });

function cannon(url, request, options = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: [request], ...options });
}

/** Runs the gateway's request and the yardstick's side by side, each warmed up; returns the median ratio. */
async function compare(label, gateway, gatewayRequest, baseline, baselineRequest) {
  const ratios = [];
  const rates = { gateway: [], baseline: [] };
  let failures = 0;
  // One unmeasured round on each side first: the first seconds under load run slower on both sides,
  // the gateway's more (the largest chunk: 0.66–0.76× the bare server's rate at first, 0.96–1.08× after).
  await cannon(gateway.url, gatewayRequest(gateway.url));
  await cannon(baseline.url, baselineRequest(baseline.url));
  for (let index = 0; index < ROUNDS; index += 1) {
    const order = index % 2 === 0 ? ['gateway', 'baseline'] : ['baseline', 'gateway'];
    const results = {};
    for (const side of order) {
      await settle();
      results[side] =
        side === 'gateway'
          ? await cannon(gateway.url, gatewayRequest(gateway.url))
          : await cannon(baseline.url, baselineRequest(baseline.url));
    }
    failures += results.gateway.non2xx + results.gateway.errors;
    rates.gateway.push(results.gateway.requests.average);
    rates.baseline.push(results.baseline.requests.average);
    ratios.push(results.gateway.requests.average / results.baseline.requests.average);
  }
  const line = `${label.padEnd(44)} ${String(Math.round(median(rates.gateway))).padStart(6)} req/s vs ${String(Math.round(median(rates.baseline))).padStart(6)}  → ${round(median(ratios)).toFixed(2)}×`;
  console.log(failures ? `${line}   (${failures} non-2xx or errors)` : line);
  return median(ratios);
}

function largestChunk() {
  const root = path.join(repositoryRoot, 'shell/dist');
  const files = fs
    .readdirSync(path.join(root, 'static/js'), { recursive: true })
    .filter((file) => file.endsWith('.js'));
  const sized = files.map((file) => ({ file, size: fs.statSync(path.join(root, 'static/js', file)).size }));
  const { file, size } = sized.sort((a, b) => b.size - a.size)[0];
  return { path: `/static/js/${file}`, size };
}

/** Runs `command` without blocking this process's event loop (the burst's requests are sent from it). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}`))));
  });
}

async function healthUnderBurst(gateway) {
  const probe = async () =>
    JSON.parse(
      await run(process.execPath, [
        path.join(import.meta.dirname, 'bench-latency-probe.mjs'),
        `${gateway.url}/api/health`,
        String(SECONDS),
      ]),
    ).p99;
  const idle = [];
  const busy = [];
  let refused = 0;
  for (let index = 0; index < ROUNDS; index += 1) {
    await settle();
    idle.push(await probe());
    const burst = cannon(gateway.url, membershipRequest(gateway.url), { connections: 16, duration: SECONDS + 1 });
    await sleep(500);
    busy.push(await probe());
    const result = await burst;
    refused += result.non2xx;
  }
  const ratio = median(busy) / median(idle);
  console.log(
    `GET /api/health p99 (${gateway.name.padEnd(10)}) idle ${median(idle).toFixed(2)} ms, during 16 parallel registrations ${median(busy).toFixed(2)} ms → ${round(ratio).toFixed(2)}×   (registrations refused: ${refused})`,
  );
}

/**
 * Whether a stranger can tell a subscribed address from a new one by the time of one answer:
 * interleaved sign-ups of new addresses and of one known address, their medians, and how often
 * the best single threshold guesses right (50% is a coin toss).
 */
async function signupTiming(gateway) {
  const time = async (email) => {
    const started = performance.now();
    const response = await fetch(`${gateway.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway.url },
      body: JSON.stringify({ email }),
    });
    await response.text();
    return performance.now() - started;
  };
  await settle();
  const known = `known-${process.pid}@example.org`;
  await time(known);
  const samples = [];
  for (let index = 0; index < 300; index += 1) {
    samples.push({ repeat: false, ms: await time(`timing-${process.pid}-${index}@example.org`) });
    samples.push({ repeat: true, ms: await time(known) });
  }
  let best = 0;
  for (const { ms: threshold } of samples) {
    const fasterIsRepeat = samples.filter(({ repeat, ms }) => ms <= threshold === repeat).length;
    best = Math.max(best, fasterIsRepeat, samples.length - fasterIsRepeat);
  }
  const medianOf = (repeat) => median(samples.filter((sample) => sample.repeat === repeat).map(({ ms }) => ms));
  console.log(
    `Newsletter sign-up time (${gateway.name.padEnd(10)}) new ${medianOf(false).toFixed(2)} ms, already subscribed ${medianOf(true).toFixed(2)} ms; one probe guesses right ${Math.round((100 * best) / samples.length)}%`,
  );
}

/** Restarts the machine's PostgreSQL cluster (Debian's pg_ctlcluster). */
function restartPostgres(mode) {
  const version = fs.readdirSync('/etc/postgresql')[0];
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', mode], {
    stdio: 'ignore',
  });
}

async function countStored(url, emails) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'SELECT count(*)::int AS stored FROM newsletter_subscriptions WHERE email = ANY($1)',
    [emails],
  );
  await client.end();
  return rows[0].stored;
}

async function untilHealthy(url, limitMs) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return Date.now() - started;
    await sleep(100);
  }
  return null;
}

async function postgresRestart(mode, busy) {
  const schemaUrl = await postgresSchemaUrl();
  const gateway = await startGateway(`restart-${mode}`, { DATABASE_URL: schemaUrl, LOG_LEVEL: 'fatal' });
  let exits = 0;
  void gateway.exited.then(() => (exits = 1));
  // Fill the pool, then leave it idle (or keep it busy) while the server restarts.
  await Promise.all(Array.from({ length: 10 }, () => fetch(`${gateway.url}/api/health`).catch(() => undefined)));
  const acknowledged = [];
  const answers = { 201: 0, 503: 0, other: 0, none: 0 };
  let writing = busy;
  const writer = async (id) => {
    for (let index = 0; writing && index < 100_000; index += 1) {
      const email = `restart-${mode}-${id}-${index}@example.org`;
      const response = await fetch(`${gateway.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gateway.url },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (response?.status === 201) acknowledged.push(email);
      answers[response ? (response.status in answers ? response.status : 'other') : 'none'] += 1;
      if (response?.status !== 201) await sleep(50);
    }
  };
  const writers = busy ? Array.from({ length: 8 }, (_, id) => writer(id)) : [];
  await sleep(busy ? 1000 : 200);
  restartPostgres(mode);
  const recoveredMs = await untilHealthy(gateway.url, 30_000);
  await sleep(1000);
  writing = false;
  await Promise.all(writers);
  const lost = acknowledged.length - (await countStored(schemaUrl, acknowledged));
  console.log(
    `PostgreSQL restart -m ${mode.padEnd(9)} under ${busy ? 'a busy' : 'an idle'} gateway: process exits ${exits}, lost acknowledged writes ${lost} of ${acknowledged.length}` +
      (busy ? `, answers 201×${answers[201]} 503×${answers[503]} other×${answers.other} none×${answers.none}` : '') +
      `, healthy again after ${recoveredMs === null ? 'never (30 s)' : `${recoveredMs} ms`}`,
  );
  gateway.stop();
}

try {
  const chunk = largestChunk();
  console.log(
    `Gateway benchmark: ${ROUNDS} rounds of ${SECONDS} s per figure, ${CONNECTIONS} connections, ${os.cpus().length} cores, Node ${process.version}; medians after an unmeasured round on each side; each run starts once every server is idle.`,
  );
  const echo = await startBaseline('echo');
  const bareStatic = await startBaseline('static', path.join(repositoryRoot, 'shell/dist'));
  const pglite = await startGateway('PGlite', {});
  const postgres = databaseUrl ? await startGateway('PostgreSQL', { DATABASE_URL: await postgresSchemaUrl() }) : null;
  // The same, its emails delivered by another instance (OUTBOX_WORKER=false here): what the
  // sign-up itself costs, without the delivery of the email it queues.
  const postgresNoWorker = databaseUrl
    ? await startGateway('PostgreSQL', { DATABASE_URL: await postgresSchemaUrl(), OUTBOX_WORKER: 'false' })
    : null;
  const echoPost = () => ({
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json' },
    body: '{"email":"reader@example.org"}',
  });

  if (postgres) await compare('POST /api/newsletter, PostgreSQL, vs echo', postgres, newsletterRequest, echo, echoPost);
  if (postgresNoWorker)
    await compare('  the same, emails sent by another instance', postgresNoWorker, newsletterRequest, echo, echoPost);
  await compare('POST /api/newsletter, PGlite, vs echo', pglite, newsletterRequest, echo, echoPost);
  await compare(
    'GET /api/health vs echo GET',
    pglite,
    () => browserGet('/api/health'),
    echo,
    () => browserGet('/'),
  );
  await compare(
    'GET / vs bare static server',
    pglite,
    () => browserGet('/'),
    bareStatic,
    () => browserGet('/'),
  );
  await compare(
    `GET largest chunk (${Math.round(chunk.size / 1024)} KB) vs bare static`,
    pglite,
    () => browserGet(chunk.path),
    bareStatic,
    () => browserGet(chunk.path),
  );

  for (const gateway of [pglite, postgres].filter(Boolean)) {
    await settle();
    const registry = await cannon(gateway.url, browserGet('/remotes.json'), { connections: 50 });
    console.log(
      `GET /remotes.json at 50 connections (${gateway.name.padEnd(10)}) ${Math.round(registry.requests.average)} req/s, p99 ${registry.latency.p99} ms`,
    );
  }
  for (const gateway of [pglite, postgres].filter(Boolean)) await signupTiming(gateway);
  for (const gateway of [pglite, postgres].filter(Boolean)) await healthUnderBurst(gateway);

  const canRestart =
    databaseUrl && process.env.BENCH_PG_RESTART !== '0' && process.getuid?.() === 0 && fs.existsSync('/etc/postgresql');
  if (canRestart) {
    for (const [mode, busy] of [
      ['fast', false],
      ['immediate', false],
      ['fast', true],
      ['immediate', true],
    ])
      await postgresRestart(mode, busy);
  } else {
    console.log(
      'PostgreSQL restart: skipped (needs DATABASE_URL, root and a local cluster; BENCH_PG_RESTART=0 skips it)',
    );
  }
} finally {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
}
