import { migrate } from '../../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { factorAttempts, factorDelaySeconds } from './factor-attempts.js';

describe('how long an account waits after wrong second factors in a row', () => {
  it('is nothing for four, then 30 s doubling up to an hour', () => {
    expect([0, 4, 5, 6, 7, 11, 12, 99].map(factorDelaySeconds)).toEqual([0, 0, 30, 60, 120, 1920, 3600, 3600]);
  });
});

let accounts = 0;

describe.each([testDatabaseKind])('wrong second factors in a row on %s', (kind) => {
  let test: TestDatabase;
  let now = Date.parse('2026-11-27T10:00:00Z');
  const clock = () => now;
  const attempts = () => factorAttempts(test.db, 'staff', () => undefined, clock);
  const wrong = async () => false;
  const right = async () => true;
  const newAccount = async () => {
    const email = `guessed.${++accounts}@party.example`;
    const { rows } = await test.db.query<{ id: string }>(
      `INSERT INTO staff_accounts (email, name, role) VALUES ($1, 'Guessed', 'communications') RETURNING id::text`,
      [email],
    );
    return { id: rows[0]!.id, email };
  };

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterAll(() => test.dispose());

  it('are checked five at once, then one per doubling delay; a right one clears the count', async () => {
    const { id } = await newAccount();
    const outcomes = [];
    for (let attempt = 0; attempt < 6; attempt++)
      outcomes.push(await attempts().attempt(id, wrong, 'https://party.example'));
    expect(outcomes.map((each) => each.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'waiting',
    ]);
    expect(outcomes[4]).toEqual({ outcome: 'refused', retryAfterSeconds: 30 });
    expect(outcomes[5]).toEqual({ outcome: 'waiting', retryAfterSeconds: 30 });
    // Waiting, even the right factor is not checked.
    let checked = false;
    expect(await attempts().attempt(id, async () => (checked = true), 'https://party.example')).toMatchObject({
      outcome: 'waiting',
    });
    expect(checked).toBe(false);

    now += 30_000;
    expect(await attempts().attempt(id, wrong, 'https://party.example')).toEqual({
      outcome: 'refused',
      retryAfterSeconds: 60,
    });
    now += 59_000;
    expect(await attempts().attempt(id, right, 'https://party.example')).toEqual({
      outcome: 'waiting',
      retryAfterSeconds: 1,
    });
    now += 1_000;
    expect(await attempts().attempt(id, right, 'https://party.example')).toEqual({ outcome: 'given' });
    expect(await attempts().attempt(id, wrong, 'https://party.example')).toEqual({
      outcome: 'refused',
      retryAfterSeconds: 0,
    });
  });

  it('cannot be raced: of twenty guesses sent at once, five are checked', async () => {
    const { id } = await newAccount();
    let checks = 0;
    const guess = async () => {
      checks += 1;
      return false;
    };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => attempts().attempt(id, guess, 'https://party.example')),
    );
    expect(checks).toBe(5);
    expect(outcomes.filter((each) => each.outcome === 'waiting')).toHaveLength(15);
  });

  it('lock the factors at the hundredth, once, in the access log and by email to the account', async () => {
    const { id, email } = await newAccount();
    await test.db.query(`UPDATE staff_accounts SET factor_failures = 99, factor_failed_at = $2 WHERE id = $1`, [
      id,
      new Date(now - 3600_000),
    ]);
    expect(await attempts().attempt(id, wrong, 'https://party.example')).toEqual({
      outcome: 'locked',
      lockedNow: true,
    });
    now += 24 * 3600_000;
    expect(await attempts().attempt(id, right, 'https://party.example')).toEqual({
      outcome: 'locked',
      lockedNow: false,
    });

    const { rows: log } = await test.db.query(
      `SELECT staff_email, action, detail FROM staff_access_log WHERE action = 'factor-locked' AND staff_email = $1`,
      [email],
    );
    expect(log).toEqual([
      { staff_email: email, action: 'factor-locked', detail: 'staff account: 100 wrong second factors in a row' },
    ]);
    const { rows: mail } = await test.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox_messages WHERE kind = 'factor-locked' AND recipient = $1`,
      [email],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your second factor is locked' });
    expect(mail[0]!.text_body).toContain('An administrator can unlock it for you from the staff console.');
  });
});
