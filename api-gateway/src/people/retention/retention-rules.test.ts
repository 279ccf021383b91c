import { migrate } from '../../platform/db/migrate.js';
import { openPostgres } from '../../platform/db/postgres-database.js';
import { createLogger } from '../../platform/logger.js';
import { signedLinks } from '../../platform/email/signed-links.js';
import { newsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { TEST_SIGNING_SECRET } from '../../testing/test-gateway.js';
import { applyRetention, RETENTION_BATCH } from './retention-rules.js';
import { runRetention } from './retention-schedule.js';

const DAY_MS = 24 * 60 * 60_000;
const logger = createLogger({ logLevel: 'silent' });

describe.each([testDatabaseKind])('the retention rules on %s', (kind) => {
  let test: TestDatabase;
  const newsletter = () => newsletterSubscriptions(test.db, signedLinks(TEST_SIGNING_SECRET), () => undefined);
  const emails = async (table: string) =>
    (await test.db.query<{ email: string }>(`SELECT email FROM ${table} ORDER BY email`)).rows.map((row) => row.email);

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    const member = (email: string, status: string, expires: string, cancelled: string | null = null) =>
      test.db.query(
        `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier, terms_accepted_at, status, confirmation_expires_at, cancelled_at)
         VALUES ('A', 'B', $1, '$argon2id$x', '1 Street', 'City', 'CO', '80202', 'member', now(), $2, now() + $3::interval, now() - $4::interval)`,
        [email, status, expires, cancelled],
      );
    await member('stale@example.org', 'pending', '-1 day');
    await member('waiting@example.org', 'pending', '6 days');
    await member('member@example.org', 'active', '-30 days');
    await member('left@example.org', 'cancelled', '-800 days', '13 months');
    await member('leaving@example.org', 'cancelled', '-60 days', '1 month');
    for (const email of ['stale@example.org', 'member@example.org', 'left@example.org']) {
      await test.db.query(
        `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'membership', 'terms-of-use', '2026-11-22')`,
        [email],
      );
    }
    await test.db.query(
      `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body) VALUES
         ('membership-confirmation', 'stale@example.org', 'Confirm', 'link', '<p>link</p>'),
         ('password-reset', 'left@example.org', 'Reset', 'link', '<p>link</p>')`,
    );
    await test.db.query(
      `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at, created_at) VALUES
         ('Old', 'old@example.org', 'general', 'Written long ago.', now(), now() - interval '25 months'),
         ('Answered', 'answered@example.org', 'general', 'Answered last month.', now(), now() - interval '25 months'),
         ('New', 'new@example.org', 'general', 'Written last week.', now(), now() - interval '7 days')`,
    );
    await test.db.query(
      `INSERT INTO outbox_messages (kind, recipient, reply_to, subject, text_body, html_body, created_at)
       VALUES ('contact-message', 'inbox@party.example', 'old@example.org', 'Contact form', 'Written long ago.', '<p>Written long ago.</p>', now() - interval '25 months')`,
    );
    await test.db.query(
      `INSERT INTO event_registrations (event_id, name, email, privacy_consented_at, created_at) VALUES
         ('volunteer-week-launch', 'Went', 'went@example.org', now(), now() - interval '13 months'),
         ('spring-conference', 'Going', 'going@example.org', now(), now() - interval '2 days')`,
    );
    await test.db.query(
      `UPDATE contact_messages SET answered_at = now() - interval '1 month' WHERE email = 'answered@example.org'`,
    );
    const pledge = (id: string, email: string, age: string) =>
      test.db.query(
        `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, email, rules_profile, created_at)
         VALUES ($1, 1, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 10000000000000000, 'USD', 20, '{"fullName":"A"}', $2, 'us-federal', now() - $3::interval)`,
        [id, email, age],
      );
    await pledge('00000000-0000-4000-8000-000000000001', 'gave@example.org', '2 days');
    await pledge('00000000-0000-4000-8000-000000000002', 'gave@example.org', '2 days');
    await pledge('00000000-0000-4000-8000-000000000003', 'walked-away@example.org', '2 days');
    await pledge('00000000-0000-4000-8000-000000000004', 'deciding@example.org', '1 hour');
    await pledge('00000000-0000-4000-8000-000000000005', 'long-ago@example.org', '6 years');
    await pledge('00000000-0000-4000-8000-000000000006', 'never-arrived@example.org', '2 days');
    const donation = (pledgeId: string, hashByte: string, status: string, receivedAgo: string | null) =>
      test.db.query(
        `INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status, received_at, reported_at)
         VALUES (1, $1, $2, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x7c1a5dec2b95f4e0aa375ad9c6b4c2aa714d4a09', 10000000000000000, 0, $3,
                 now() - $4::interval, now() - coalesce($4::interval, interval '2 days'))`,
        [`0x${hashByte.repeat(32)}`, pledgeId, status, receivedAgo],
      );
    await donation('00000000-0000-4000-8000-000000000001', 'ab', 'confirmed', '1 month');
    await donation('00000000-0000-4000-8000-000000000005', 'cd', 'confirmed', '5 years');
    await donation('00000000-0000-4000-8000-000000000006', 'ef', 'dropped', null);
    await test.db.query(
      `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       VALUES ('donation-receipt', 'long-ago@example.org', 'Your receipt', 'Dear Ada, 0.01 ETH', '<p>Dear Ada</p>')`,
    );
    for (const email of ['gave@example.org', 'walked-away@example.org', 'deciding@example.org']) {
      await test.db.query(
        `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'donation', 'privacy-policy', '2026-11-26')`,
        [email],
      );
    }
  });
  afterAll(() => test.dispose());

  it('deletes what the privacy policy says, keeping the rest, as of the clock it is given', async () => {
    const today = await applyRetention(test.db, newsletter(), new Date(), { donationRecordsKeptYears: 4 });
    expect(today).toMatchObject({
      memberRegistrations: 1,
      cancelledMemberships: 1,
      contactMessages: 1,
      eventRegistrations: 1,
      unfulfilledPledges: 2,
      donationDeclarations: 2,
    });
    expect(await emails('event_registrations')).toEqual(['going@example.org']);
    expect(await emails('members')).toEqual(['leaving@example.org', 'member@example.org', 'waiting@example.org']);
    // A pledge a donation fulfilled stays, and so does its consent; one nobody fulfilled goes after a day.
    expect(await emails('donation_pledges')).toEqual(['deciding@example.org', 'gave@example.org', null, null]);
    // A declaration is kept as long as the law asks (4 years here), and not a day for a donation that never arrived.
    const { rows: declared } = await test.db.query<{ id: string }>(
      'SELECT id FROM donation_pledges WHERE declaration IS NOT NULL ORDER BY id',
    );
    expect(declared.map((row) => row.id.slice(-1))).toEqual(['1', '4']);
    // The receipt of a donation whose declaration went goes with it.
    const receipts = await test.db.query<{ recipient: string; text_body: string }>(
      `SELECT recipient, text_body FROM outbox_messages WHERE kind = 'donation-receipt'`,
    );
    expect(receipts.rows).toEqual([{ recipient: '(erased)', text_body: '' }]);
    expect(await emails('consent_records')).toEqual(['deciding@example.org', 'gave@example.org', 'member@example.org']);
    // Two years after it came, but answered last month: kept.
    expect(await emails('contact_messages')).toEqual(['answered@example.org', 'new@example.org']);
    const { rows } = await test.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM outbox_messages
        WHERE recipient LIKE '%old@%' OR reply_to LIKE '%old@%' OR recipient LIKE 'stale@%' OR recipient LIKE 'left@%' OR text_body <> ''`,
    );
    expect(rows[0]!.n).toBe(0);

    // Two years on, the answered and last week's messages go too, the registration still waiting
    // has expired, and last month's cancelled membership is over a year old.
    const later = await applyRetention(test.db, newsletter(), new Date(Date.now() + 2 * 365 * DAY_MS), {
      donationRecordsKeptYears: 4,
    });
    expect(later).toMatchObject({
      memberRegistrations: 1,
      cancelledMemberships: 1,
      contactMessages: 2,
      eventRegistrations: 1,
    });
    expect(await emails('members')).toEqual(['member@example.org']);
  });
});

describe.each([testDatabaseKind])('the retention worker on %s', (kind) => {
  let test: TestDatabase;
  const newsletter = () => newsletterSubscriptions(test.db, signedLinks(TEST_SIGNING_SECRET), () => undefined);
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterEach(() => test.dispose());

  it('runs on one instance at a time, deleting in batches, each of 100,000 expired rows once, under the statement timeout', async () => {
    const rows = 100_000;
    await test.db.query(
      `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at, created_at)
       SELECT 'Old', 'old' || n || '@example.org', 'general', 'Written long ago.', now(), now() - interval '25 months' FROM generate_series(1, $1) AS n`,
      [rows],
    );
    // Two instances: on PostgreSQL, two pools of their own, each statement under the gateway's 5 s timeout.
    const instance = () =>
      kind === 'postgres'
        ? openPostgres({ url: test.url!, poolSize: 2, connectTimeoutMs: 5_000, queryTimeoutMs: 5_000 }, logger)
        : test.db;
    const [one, two] = [instance(), instance()];
    try {
      const runs = await Promise.all(
        [one, two].map((db) =>
          runRetention(
            db,
            newsletterSubscriptions(db, signedLinks(TEST_SIGNING_SECRET), () => undefined),
            { donationRecordsKeptYears: 4 },
          ),
        ),
      );
      expect(runs.filter((run) => run === null)).toHaveLength(1);
      expect(runs.find((run) => run !== null)).toMatchObject({ contactMessages: rows, failed: [] });
    } finally {
      if (kind === 'postgres') await Promise.all([one.close(), two.close()]);
    }
    expect((await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM contact_messages')).rows[0]!.n).toBe(
      0,
    );
    expect(rows).toBeGreaterThan(RETENTION_BATCH);
    // Handed back once done: the next run may take it at once.
    expect(await runRetention(test.db, newsletter(), { donationRecordsKeptYears: 4 })).toMatchObject({
      contactMessages: 0,
    });
  }, 120_000);

  it('deletes a comment held for its emailed link once the link expired, and the email quoting it', async () => {
    await test.db.query(
      `INSERT INTO consultations (slug, title, summary, policy_area, closes_on, created_by)
       VALUES ('held-here', 'Held comments here', 'A consultation whose comments wait for their links.', 'economy', '2027-01-31', 'staff@party.example')`,
    );
    await test.db.query(
      `INSERT INTO consultation_comments_awaiting (consultation, paragraph_key, body, author_email, created_at, expires_at) VALUES
         ('held-here', 'pabcdefgh', 'Never confirmed.', 'gone@example.org', now() - interval '3 days', now() - interval '1 day'),
         ('held-here', 'pabcdefgh', 'Still waiting.', 'waits@example.org', now(), now() + interval '2 days')`,
    );
    await test.db.query(
      `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body, created_at)
       VALUES ('consultation-comment', 'gone@example.org', 'Publish your comment', 'Never confirmed.', '<p>Never confirmed.</p>', now() - interval '3 days')`,
    );
    const report = await applyRetention(test.db, newsletter(), new Date(), { donationRecordsKeptYears: 4 });
    expect(report.heldComments).toBe(1);
    const { rows } = await test.db.query<{ author_email: string }>(
      'SELECT author_email FROM consultation_comments_awaiting',
    );
    expect(rows).toEqual([{ author_email: 'waits@example.org' }]);
    const { rows: sent } = await test.db.query<{ recipient: string; text_body: string }>(
      `SELECT recipient, text_body FROM outbox_messages WHERE kind = 'consultation-comment'`,
    );
    expect(sent).toEqual([{ recipient: '(erased)', text_body: '' }]);
  });

  it('runs each rule whatever another one does', async () => {
    await test.db.query('DROP TABLE event_registrations');
    const report = await applyRetention(test.db, newsletter(), new Date(), { donationRecordsKeptYears: 4 });
    expect(report.failed).toEqual([
      { rule: 'eventRegistrations', error: expect.stringMatching(/event_registrations/) },
    ]);
    expect(report).toMatchObject({ contactMessages: 0, unfulfilledPledges: 0, sessions: 0 });
  });
});
