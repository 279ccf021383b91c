// `npm run bench:outbox -w @party/api-gateway` (after a build): the outbox worker's delivery rate to
// a real SMTP server on loopback (npm smtp-server, accepting and discarding), on PGlite and (with
// DATABASE_URL) PostgreSQL, BENCH_MESSAGES messages (default 2000) at concurrency 1, 4 and 8,
// medians of BENCH_ROUNDS (default 3). Bounded: each run stops after 120 s whatever happens.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const dist = path.resolve(import.meta.dirname, '../dist');
const { openDatabase } = await import(path.join(dist, 'platform/db/database.js'));
const { migrate } = await import(path.join(dist, 'platform/db/migrate.js'));
const { createLogger } = await import(path.join(dist, 'platform/logger.js'));
const { smtpTransport } = await import(path.join(dist, 'platform/email/mail-transport.js'));
const { outboxDelivery, defaultOutboxWorkerOptions } = await import(path.join(dist, 'platform/email/outbox-worker.js'));

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const logger = createLogger({ logLevel: 'silent' });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      done();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

async function openBench(kind) {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, logger);
    return { db, dispose: () => db.close() };
  }
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase(
    { kind: 'postgres', url: url.toString(), poolSize: 10, connectTimeoutMs: 2000, queryTimeoutMs: 30_000 },
    logger,
  );
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function deliveryRate(kind, concurrency) {
  const { db, dispose } = await openBench(kind);
  try {
    await migrate(db);
    await db.query(
      `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       SELECT 'bench', 'reader' || n || '@example.org', 'Message ' || n, repeat('Evidence-based policy. ', 40), '<p>' || repeat('Evidence-based policy. ', 40) || '</p>'
         FROM generate_series(1, $1) AS n`,
      [MESSAGES],
    );
    const delivery = outboxDelivery(db, smtpTransport(smtpUrl, 'Bench <bench@example.org>', concurrency), logger, {
      ...defaultOutboxWorkerOptions,
      concurrency,
    });
    received = 0;
    const started = performance.now();
    const deadline = started + 120_000;
    while (received < MESSAGES && performance.now() < deadline) {
      if ((await delivery.deliverDue()) === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    delivery.close();
    const { rows } = await db.query(`SELECT count(*)::integer AS sent FROM outbox_messages WHERE status = 'sent'`);
    if (rows[0].sent !== MESSAGES) throw new Error(`${rows[0].sent} of ${MESSAGES} marked sent`);
    return MESSAGES / seconds;
  } finally {
    await dispose();
  }
}

const kinds = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`Outbox delivery to SMTP on loopback: ${MESSAGES} messages, median of ${ROUNDS} rounds`);
for (const kind of kinds) {
  for (const concurrency of [1, 4, 8]) {
    const rates = [];
    for (let round = 0; round < ROUNDS; round += 1) rates.push(await deliveryRate(kind, concurrency));
    console.log(
      `  ${kind.padEnd(8)} concurrency ${concurrency}: ${Math.round(median(rates))} messages/s (runs: ${rates.map(Math.round).join(', ')})`,
    );
  }
}
smtp.close();
