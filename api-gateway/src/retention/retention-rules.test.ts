import { migrate } from '../db/migrate.js';
import { signedLinks } from '../email/signed-links.js';
import { newsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-databases.js';
import { TEST_SIGNING_SECRET } from '../testing/test-gateway.js';
import { applyRetention } from './retention-rules.js';

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds)('the retention rules on %s', (kind) => {
  let test: TestDatabase;
  const newsletter = () => newsletterSubscriptions(test.db, signedLinks(TEST_SIGNING_SECRET), () => undefined);
  const emails = async (table: string) => (await test.db.query<{ email: string }>(`SELECT email FROM ${table} ORDER BY email`)).rows.map((row) => row.email);

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
      await test.db.query(`INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'membership', 'terms-of-use', '2026-11-22')`, [email]);
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
    await test.db.query(`UPDATE contact_messages SET answered_at = now() - interval '1 month' WHERE email = 'answered@example.org'`);
  });
  afterAll(() => test.dispose());

  it('deletes what the privacy policy says, keeping the rest, as of the clock it is given', async () => {
    const today = await applyRetention(test.db, newsletter(), new Date());
    expect(today).toMatchObject({ memberRegistrations: 1, cancelledMemberships: 1, contactMessages: 1, eventRegistrations: 1 });
    expect(await emails('event_registrations')).toEqual(['going@example.org']);
    expect(await emails('members')).toEqual(['leaving@example.org', 'member@example.org', 'waiting@example.org']);
    expect(await emails('consent_records')).toEqual(['member@example.org']);
    // Two years after it came, but answered last month: kept.
    expect(await emails('contact_messages')).toEqual(['answered@example.org', 'new@example.org']);
    const { rows } = await test.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM outbox_messages
        WHERE recipient LIKE '%old@%' OR reply_to LIKE '%old@%' OR recipient LIKE 'stale@%' OR recipient LIKE 'left@%' OR text_body <> ''`,
    );
    expect(rows[0]!.n).toBe(0);

    // Two years on, the answered and last week's messages go too, the registration still waiting
    // has expired, and last month's cancelled membership is over a year old.
    const later = await applyRetention(test.db, newsletter(), new Date(Date.now() + 2 * 365 * DAY_MS));
    expect(later).toMatchObject({ memberRegistrations: 1, cancelledMemberships: 1, contactMessages: 2, eventRegistrations: 1 });
    expect(await emails('members')).toEqual(['member@example.org']);
  });
});
