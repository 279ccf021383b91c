import { migrate } from '../../platform/db/migrate.js';
import { enqueueEmail } from '../../platform/email/outbox.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import {
  erasePersonalData,
  personalDataOf,
  registeredRetentionRules,
  registerProblems,
  retentionRuleNames,
} from './personal-data-register.js';

const EMAIL = 'reader@example.org';

/** Every row of every table in which some text or JSON column holds `text`, as `table.column`. */
async function whereFound(test: TestDatabase, text: string): Promise<string[]> {
  const { rows: columns } = await test.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('text', 'jsonb', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE "${column}"::text LIKE '%' || $1 || '%'`,
      [text],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

it('names every retention rule for some table, so that each runs (retention applies those the register names)', () => {
  expect([...registeredRetentionRules()].sort()).toEqual([...retentionRuleNames].sort());
});

describe.each([testDatabaseKind])('the register of personal data, on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterEach(() => test.dispose());

  it('names every column of the database that looks personal, and nothing the database lacks', async () => {
    expect(await registerProblems(test.db)).toEqual([]);
  });

  it('finds a new table holding an email that nobody added to the register', async () => {
    // As a migration of a new feature would, forgetting the register.
    await test.db.query(
      'CREATE TABLE petition_signatures (id bigserial PRIMARY KEY, signer_email text NOT NULL, signed_at timestamptz DEFAULT now())',
    );
    expect(await registerProblems(test.db)).toEqual([
      'petition_signatures.signer_email looks personal but is not in the register',
    ]);
  });

  it('exports what is held under an address that is no member’s, and erases it all but what the law keeps', async () => {
    await test.db.query(
      `INSERT INTO newsletter_subscriptions (email, status, confirmed_at) VALUES ($1, 'confirmed', now())`,
      [EMAIL],
    );
    await test.db.query(
      `INSERT INTO contact_messages (name, email, subject, message, privacy_consented_at) VALUES ('Ada', $1, 'policy', 'Which evidence?', now())`,
      [EMAIL],
    );
    await test.db.query(
      `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'contact', 'privacy-policy', '1')`,
      [EMAIL],
    );
    await enqueueEmail(test.db, {
      kind: 'newsletter-welcome',
      to: EMAIL,
      subject: 'Welcome',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const received = {
      fullName: 'Ada Lovelace',
      email: EMAIL,
      streetAddress: '12 Analytical Way',
      postalCode: '80202',
      occupation: 'Mathematician',
      employer: 'Self',
    };
    const { rows } = await test.db.query<{ id: string }>(
      `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile, site_origin)
       VALUES (gen_random_uuid(), 31337, '0xabc', 1, 'USD', 20, $1::jsonb, 'adalovelace|80202', $2, 'us-federal', 'https://party.example') RETURNING id::text`,
      [JSON.stringify(received), EMAIL],
    );
    await test.db.query(
      `INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status, currency, value, reported_at)
       VALUES (31337, '0x01', $1, '0xabc', '0xdef', 1, 0, 'confirmed', 'USD', 20, now())`,
      [rows[0]!.id],
    );

    const held = await personalDataOf(test.db, EMAIL);
    expect(held).toMatchObject({
      membership: null,
      newsletterSubscription: { email: EMAIL, status: 'confirmed' },
      contactMessages: [{ subject: 'policy', message: 'Which evidence?' }],
      consentRecords: [{ form: 'contact' }],
      donations: [{ status: 'confirmed', declaration: { fullName: 'Ada Lovelace' } }],
      emailsSentToYou: [{ kind: 'newsletter-welcome' }],
      activeSessions: [],
    });

    await test.db.transaction((tx) => erasePersonalData(tx, EMAIL));
    expect(await whereFound(test, EMAIL)).toEqual([]);
    // The received donation keeps the declaration election law requires.
    expect(await whereFound(test, 'Ada Lovelace')).toEqual(['donation_pledges.declaration']);
  });
});
