// `npm run bench:events`: 2,000 people register at once for an event of 100 places, on this
// machine's loopback. Prints, for each database (the embedded PGlite; with DATABASE_URL, PostgreSQL
// behind two gateways at once): how many were confirmed and waitlisted, whether the queue holds
// them in the order the gateways took them (each person's answered position is their place in it),
// the errors, the time to take all 2,000, and the median and slowest answer. Bounded: one burst
// of BENCH_REGISTRATIONS requests per run, BENCH_RUNS runs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { startGatewayProcess } from '../src/testing/gateway-process.js';

const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 2_000);
const CAPACITY = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const silent = pino({ level: 'silent' });
const GATEWAY_ENV = {
  LOG_LEVEL: 'warn',
  FORM_RATE_LIMIT: '1000000',
  OUTBOX_WORKER: 'false',
  EVENTS_ROUND_SECONDS: '0',
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function newEvent(db: Database, id: string) {
  await db.query(
    `INSERT INTO events (id, title, summary, type, time_zone, starts_at, ends_at, place, capacity)
     VALUES ($1, 'Bench town hall', 'Two thousand people, one hundred places.', 'in-person', 'America/Denver',
             now() + interval '7 days', now() + interval '7 days 2 hours', 'Central Library, Denver', $2)`,
    [id, CAPACITY],
  );
}

type Answer = { status?: string; position?: number; error?: string };

/** One POST on a pooled connection: its status and JSON answer. */
function post(agent: http.Agent, url: string, body: string): Promise<{ status: number; body: Answer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/event-registrations`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', origin: url } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Answer,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every registration at once, spread over the gateways; what each answered, in the order sent. */
async function burst(urls: string[], eventId: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REGISTRATIONS }, async (_, index) => {
      const sent = performance.now();
      const body = JSON.stringify({
        eventId,
        name: `Person ${index}`,
        email: `person-${index}@bench.example`,
        privacy: true,
      });
      const answer = await post(agent, urls[index % urls.length]!, body).catch((error: unknown) => ({
        status: 0,
        body: { error: String(error) } as Answer,
      }));
      return { index, ...answer, ms: performance.now() - sent };
    }),
  );
  const wallMs = performance.now() - started;
  agent.destroy();
  return { answers, wallMs };
}

/** What the database holds after a burst, and whether it agrees with what each person was told. */
async function check(db: Database, eventId: string, answers: Awaited<ReturnType<typeof burst>>['answers']) {
  const { rows } = await db.query<{ email: string; status: string; position: number | null }>(
    `SELECT email, status,
            CASE WHEN status = 'waitlisted' THEN row_number() OVER (PARTITION BY status ORDER BY queue_order) END::int AS position
       FROM event_registrations WHERE event_id = $1`,
    [eventId],
  );
  const stored = new Map(rows.map((row) => [row.email, row]));
  const confirmed = rows.filter((row) => row.status === 'confirmed').length;
  const waitlisted = rows.filter((row) => row.status === 'waitlisted').length;
  const errors = answers.filter((answer) => answer.status !== 201).length;
  // Arrival order: each answered position is where the queue holds that person, and positions run 1…n with no gap.
  const told = answers.filter((answer) => answer.body.status === 'waitlisted');
  const inOrder =
    told.every((answer) => stored.get(`person-${answer.index}@bench.example`)?.position === answer.body.position) &&
    new Set(told.map((answer) => answer.body.position)).size === told.length &&
    Math.max(0, ...told.map((answer) => answer.body.position ?? 0)) === told.length;
  const confirmedTold = answers.filter((answer) => answer.body.status === 'confirmed');
  const confirmedAgree = confirmedTold.every(
    (answer) => stored.get(`person-${answer.index}@bench.example`)?.status === 'confirmed',
  );
  return { confirmed, waitlisted, errors, inOrder: inOrder && confirmedAgree };
}

/** A database with the event, the gateways serving it, and (once the burst is over) the database to read. */
interface BenchSite {
  urls: string[];
  settled(): Promise<Database>;
  close(): Promise<void>;
}

async function run(label: string, setUp: (eventId: string) => Promise<BenchSite>) {
  const results = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const eventId = `bench-${run}`;
    const site = await setUp(eventId);
    try {
      const { answers, wallMs } = await burst(site.urls, eventId);
      const checked = await check(await site.settled(), eventId, answers);
      const latencies = answers.map((answer) => answer.ms);
      results.push({ ...checked, wallMs, median: median(latencies) });
      console.log(
        `${label} run ${run}: ${checked.confirmed} confirmed, ${checked.waitlisted} waitlisted, ${checked.errors} errors, ` +
          `queue in arrival order: ${checked.inOrder ? 'yes' : 'NO'}; ${REGISTRATIONS} in ${(wallMs / 1000).toFixed(2)} s ` +
          `(${Math.round(REGISTRATIONS / (wallMs / 1000))}/s), answer median ${median(latencies).toFixed(0)} ms, slowest ${Math.max(...latencies).toFixed(0)} ms`,
      );
    } finally {
      await site.close();
    }
  }
  const exact = results.every(
    (each) =>
      each.confirmed === CAPACITY && each.waitlisted === REGISTRATIONS - CAPACITY && each.errors === 0 && each.inOrder,
  );
  console.log(
    `${label}: median of ${RUNS} runs ${(median(results.map((each) => each.wallMs)) / 1000).toFixed(2)} s for ${REGISTRATIONS}, ` +
      `answer median ${median(results.map((each) => each.median)).toFixed(0)} ms; every run exact: ${exact ? 'yes' : 'NO'}`,
  );
  return exact;
}

/** The embedded database, one gateway (it has one opener: the bench reads it once the gateway has stopped). */
async function embedded(eventId: string): Promise<BenchSite> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-events-'));
  const setUp = await openDatabase({ kind: 'pglite', dataDir }, silent);
  await migrate(setUp);
  await newEvent(setUp, eventId);
  await setUp.close();
  const gateway = await startGatewayProcess({ ...GATEWAY_ENV, PGLITE_DATA_DIR: dataDir });
  let reader: Database | null = null;
  return {
    urls: [gateway.url],
    async settled() {
      await gateway.stop();
      reader = await openDatabase({ kind: 'pglite', dataDir }, silent);
      return reader;
    },
    async close() {
      await gateway.stop();
      await reader?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL behind two gateways, each taking every other registration. */
async function postgres(eventId: string): Promise<BenchSite> {
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase(
    { kind: 'postgres', url: url.toString(), poolSize: 4, connectTimeoutMs: 2_000, queryTimeoutMs: 10_000 },
    silent,
  );
  await migrate(db);
  await newEvent(db, eventId);
  const env = { ...GATEWAY_ENV, DATABASE_URL: url.toString(), MIGRATE_ON_START: 'false' };
  const gateways = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
  return {
    urls: gateways.map((gateway) => gateway.url),
    settled: async () => db,
    async close() {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

const exact = [await run('PGlite, one gateway', embedded)];
if (process.env.DATABASE_URL) exact.push(await run('PostgreSQL, two gateways', postgres));
if (exact.includes(false)) process.exitCode = 1;
