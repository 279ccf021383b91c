import { createLogger } from '../logger.js';
import { migrate } from '../db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/test-smtp-server.js';
import { eventually } from '../../testing/eventually.js';
import { smtpTransport } from './mail-transport.js';
import { claimDueEmails, enqueueEmail, markEmailSent } from './outbox.js';
import {
  outboxDelivery,
  outboxWorker,
  retryDelayMs,
  type OutboxDelivery,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker.js';

const logger = createLogger({ logLevel: 'silent' });
const FROM = 'The Refoundation Party <hello@refoundation.example>';
const options: OutboxWorkerOptions = { pollMs: 60_000, batchSize: 50, concurrency: 4, maxAttempts: 3, leaseMs: 60_000 };

const message = (n: number) => ({
  kind: 'newsletter-welcome' as const,
  to: `person${n}@example.org`,
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>HTML ${n}</p>`,
});

describe.each([testDatabaseKind])('the outbox worker on %s', (kind) => {
  let test: TestDatabase;
  let smtp: TestSmtpServer;
  const deliveries: OutboxDelivery[] = [];
  const workers: OutboxWorker[] = [];
  const worker = () => {
    const delivery = outboxDelivery(test.db, smtpTransport(smtp.url, FROM, options.concurrency), logger, options);
    deliveries.push(delivery);
    return delivery;
  };
  const status = async () =>
    (
      await test.db.query<{
        subject: string;
        status: string;
        attempts: number;
        last_error: string | null;
        retry_in_s: number;
      }>(
        `SELECT subject, status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::integer AS retry_in_s
         FROM outbox_messages ORDER BY id`,
      )
    ).rows;

  const enqueueMany = (count: number) =>
    test.db.query(
      `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       SELECT 'test', 'p' || n || '@example.org', 'Message ' || n, 'Text', '<p>HTML</p>' FROM generate_series(1, $1) AS n`,
      [count],
    );

  beforeEach(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((started) => started.stop()));
    for (const delivery of deliveries.splice(0)) delivery.close();
    await smtp.close();
    await test.dispose();
  });

  it('delivers each message once, with both parts and a Message-ID of its outbox row, and keeps its status', async () => {
    for (const n of [1, 2, 3])
      await enqueueEmail(test.db, { ...message(n), replyTo: 'visitor@example.org', headers: { 'X-Test': `${n}` } });
    expect(await worker().deliverDue()).toBe(3);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    const first = smtp.received.find((mail) => mail.subject === 'Message 1')!;
    expect(first.text?.trim()).toBe('Text 1');
    expect(first.html).toContain('<p>HTML 1</p>');
    expect(first.replyTo?.text).toBe('visitor@example.org');
    expect(first.headers.get('x-test')).toBe('1');
    expect(first.messageId).toMatch(/^<outbox-\d+@refoundation\.example>$/);
    expect((await status()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await worker().deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('retries a temporary refusal later, with backoff, and delivers it then', async () => {
    await enqueueEmail(test.db, message(1));
    smtp.refuseNext(451);
    const started = worker();
    await started.deliverDue();
    const [afterRefusal] = await status();
    expect(afterRefusal).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterRefusal!.last_error).toMatch(/451/);
    expect(afterRefusal!.retry_in_s).toBeGreaterThanOrEqual(20);
    // Not yet due: nothing is tried.
    expect(await started.deliverDue()).toBe(0);
    await test.db.query(`UPDATE outbox_messages SET next_attempt_at = now()`);
    await started.deliverDue();
    expect(await status()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, last_error: null })]);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up at once on a permanent refusal, and after the last attempt on temporary ones', async () => {
    await enqueueEmail(test.db, message(1));
    smtp.refuseNext(550);
    const started = worker();
    await started.deliverDue();
    await enqueueEmail(test.db, message(2));
    smtp.refuseNext(451, options.maxAttempts);
    await started.deliverDue();
    for (let attempt = 1; attempt < options.maxAttempts; attempt += 1) {
      await test.db.query(`UPDATE outbox_messages SET next_attempt_at = now() WHERE status = 'pending'`);
      await started.deliverDue();
    }
    const rows = await status();
    expect(rows.map(({ status: state, attempts }) => [state, attempts])).toEqual([
      ['failed', 1],
      ['failed', options.maxAttempts],
    ]);
  });

  it('takes back a message whose worker died mid-send once its lease has lapsed', async () => {
    await enqueueEmail(test.db, message(1));
    await test.db.query(
      `UPDATE outbox_messages SET status = 'sending', attempts = 1, locked_until = now() + interval '1 minute'`,
    );
    const started = worker();
    expect(await started.deliverDue()).toBe(0);
    await test.db.query(`UPDATE outbox_messages SET locked_until = now() - interval '1 second'`);
    expect(await started.deliverDue()).toBe(1);
    expect(await status()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });

  it('never lets two workers send the same message', async () => {
    const count = 120;
    await enqueueMany(count);
    const [one, two] = [worker(), worker()];
    for (let round = 0; round < 100 && smtp.received.length < count; round += 1)
      await Promise.all([one.deliverDue(), two.deliverDue()]);
    await eventually(() => smtp.received.length >= count);
    expect(smtp.received).toHaveLength(count);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(count);
  });

  it("never sends a message twice with two workers and a server slower than a claim's lease would allow for a whole batch", async () => {
    const count = 40;
    await enqueueMany(count);
    // 300 ms a message, two at a time: a batch of 40 would take 6 s, three times this lease.
    smtp.answerAfter(300);
    const slow = { ...options, concurrency: 2, leaseMs: 2_000 };
    const [one, two] = [0, 1].map(() => {
      const delivery = outboxDelivery(test.db, smtpTransport(smtp.url, FROM, slow.concurrency), logger, slow);
      deliveries.push(delivery);
      return outboxWorker(delivery, logger, { ...slow, pollMs: 50 });
    });
    workers.push(one!, two!);
    await eventually(async () => (await status()).every((row) => row.status === 'sent'), 30_000);
    const messageIds = smtp.received.map((mail) => mail.messageId);
    expect({ sent: messageIds.length, twice: messageIds.length - new Set(messageIds).size }).toEqual({
      sent: count,
      twice: 0,
    });
  }, 40_000);

  it('stopping, lets a message in flight finish until its deadline, then hands it back to the queue at once, its attempt not counted', async () => {
    let closed = false;
    const hanging = {
      kind: 'smtp' as const,
      send: () => new Promise<void>(() => undefined),
      close: () => void (closed = true),
    };
    const started = outboxWorker(outboxDelivery(test.db, hanging, logger, options), logger, options);
    await enqueueEmail(test.db, message(1));
    started.wake();
    await eventually(async () => (await status())[0]?.status === 'sending');
    // The send never ends: that stop returns at all is its deadline kept.
    await started.stop(200);
    expect(closed).toBe(true);
    expect(await status()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    // Another worker takes it at once, not after the lease.
    expect(await worker().deliverDue()).toBe(1);
    await eventually(() => smtp.received.length === 1);
  });

  it('claims no more than it can send within its lease, and records an outcome only under its own claim', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) await enqueueEmail(test.db, message(n));
    // Four at once, each up to 40 s, within a minute's lease: four in a claim, not fifty.
    const sender = worker();
    expect(await sender.deliverDue()).toBe(4);
    expect(await sender.deliverDue()).toBe(2);

    await enqueueEmail(test.db, message(7));
    const [lapsed] = await claimDueEmails(test.db, 1, 60_000);
    // Its lease runs out (the database's clock decides).
    await test.db.query(`UPDATE outbox_messages SET locked_until = now() - interval '1 second' WHERE id = $1`, [
      lapsed!.id,
    ]);
    const [retaken] = await claimDueEmails(test.db, 1, 60_000);
    expect(retaken!.id).toBe(lapsed!.id);
    await markEmailSent(test.db, lapsed!);
    expect((await status()).at(-1)).toMatchObject({ status: 'sending' });
    await markEmailSent(test.db, retaken!);
    expect((await status()).at(-1)).toMatchObject({ status: 'sent' });
  });

  it('runs in the background, waking at once when told a message is queued', async () => {
    const started = outboxWorker(
      outboxDelivery(test.db, smtpTransport(smtp.url, FROM, 1), logger, options),
      logger,
      options,
    );
    workers.push(started);
    await enqueueEmail(test.db, message(1));
    started.wake();
    await eventually(() => smtp.received.length === 1);
    // The server has the message before the worker hears its answer and records it.
    await eventually(async () => (await status())[0]?.status === 'sent');
    expect(await status()).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds up to an hour, within ±20%', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(20, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
  });
});
