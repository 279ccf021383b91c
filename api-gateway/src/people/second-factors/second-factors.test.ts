import { Secret, TOTP } from 'otpauth';
import { migrate } from '../../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { secondFactors } from './second-factors.js';

describe.each([testDatabaseKind])('an authenticator app’s codes on %s', (kind) => {
  let test: TestDatabase;
  let now = Date.UTC(2026, 10, 26, 9, 0, 0, 500);
  const factors = () => secondFactors(test.db, 'staff', () => now);
  const codeAt = (secret: string, at: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at });

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterAll(() => test.dispose());

  async function staffWithApp() {
    const { rows } = await test.db.query<{ id: string }>(
      `INSERT INTO staff_accounts (email, name, role, password_hash) VALUES ($1, 'Tote Pee', 'administrator', 'x') RETURNING id::text`,
      [`app.${Date.now()}.${Math.random()}@party.example`],
    );
    const staffId = rows[0]!.id;
    const { secret } = factors().newAppSecret('tote@party.example');
    expect(await factors().addApp(staffId, secret, codeAt(secret, now - 30_000), 'Phone')).toBe(false);
    expect(await factors().addApp(staffId, secret, codeAt(secret, now), 'Phone')).toBe(true);
    return { staffId, secret };
  }

  it('accepts only the current 30-second code, once: not the one that added the app, not the last one, not a future one', async () => {
    const { staffId, secret } = await staffWithApp();
    expect(await factors().useCode(staffId, codeAt(secret, now))).toBeNull();
    now += 30_000;
    expect(await factors().useCode(staffId, codeAt(secret, now - 30_000))).toBeNull();
    expect(await factors().useCode(staffId, codeAt(secret, now + 30_000))).toBeNull();
    expect(await factors().useCode(staffId, codeAt(secret, now))).toBe('app');
    expect(await factors().useCode(staffId, codeAt(secret, now))).toBeNull();
    now += 29_000;
    expect(await factors().useCode(staffId, codeAt(secret, now))).toBeNull();
    now += 1_000;
    expect(await factors().useCode(staffId, codeAt(secret, now))).toBe('app');
  });

  it('takes a code once when two requests give it at the same moment', async () => {
    const { staffId, secret } = await staffWithApp();
    now += 30_000;
    const code = codeAt(secret, now);
    const outcomes = await Promise.all([
      factors().useCode(staffId, code),
      factors().useCode(staffId, code),
      factors().useCode(staffId, code),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'app')).toHaveLength(1);
  });

  it('spends a recovery code, typed with or without its dashes, once; new codes replace the old', async () => {
    const { staffId } = await staffWithApp();
    const [first, second] = await factors().makeRecoveryCodes(staffId);
    expect(first).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    expect(await factors().useCode(staffId, first!.replace(/-/g, ''))).toBe('recovery-code');
    expect(await factors().useCode(staffId, first!.replace(/-/g, ''))).toBeNull();
    await factors().makeRecoveryCodes(staffId);
    expect(await factors().useCode(staffId, second!.replace(/-/g, ''))).toBeNull();
  });
});
