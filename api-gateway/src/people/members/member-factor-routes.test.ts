import request from 'supertest';
import { migrate } from '../../platform/db/migrate.js';
import { passwordHasher, type PasswordHasher } from '../../platform/passwords/password-hash.js';
import { currentAppCode } from '../../testing/authenticator-app.js';
import { softwarePasskey } from '../../testing/software-passkey.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';

const PASSWORD = 'correct horse battery';
let people = 0;

describe.each([testDatabaseKind])('a member’s own second factor on %s', (kind) => {
  let test: TestDatabase;
  let gateway: TestGateway;
  let passwords: PasswordHasher;
  const agent = () => request(gateway.url);
  const post = (path: string, cookie: string) => agent().post(path).set('Origin', gateway.url).set('Cookie', cookie);
  const cookiesOf = (response: request.Response) => ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const sessionOf = (response: request.Response) =>
    cookiesOf(response)
      .find((cookie) => cookie.startsWith('__Host-party_session='))!
      .split(';')[0]!;

  async function confirmedMember() {
    const email = `two-step${++people}.${Date.now()}@example.org`;
    await test.db.query(
      `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier, terms_accepted_at, status, confirmed_at)
       VALUES ('Grace', 'Hopper', $1, $2, '1 Main Street', 'Denver', 'CO', '80202', 'member', now(), 'active', now())`,
      [email, await passwords.hash(PASSWORD)],
    );
    return email;
  }
  const signIn = (email: string) =>
    agent().post('/api/member/session').set('Origin', gateway.url).send({ email, password: PASSWORD }).expect(200);

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
    passwords = passwordHasher({ concurrency: 1, queue: 10 });
  });
  afterAll(async () => {
    await passwords.close();
    await gateway.close();
    await test.dispose();
  });

  it('adds an authenticator app, after which a sign-in asks for it, and a reset still does; removing it ends that', async () => {
    const email = await confirmedMember();
    const cookie = sessionOf(await signIn(email).expect({ signedIn: true }));
    await post('/api/member/recovery-codes', cookie).expect(409);
    const { secret } = (await post('/api/member/factors/app/secret', cookie).expect(200)).body as { secret: string };
    const added = await post('/api/member/factors/app', cookie)
      .send({ code: await currentAppCode(secret), label: 'Phone' })
      .expect(201);
    expect(added.body.recoveryCodes).toHaveLength(10);

    const pending = await signIn(email).expect({ signedIn: false, step: 'factor', passkey: false });
    // Not signed in yet: no page-readable marker, and the member area refuses the session.
    expect(cookiesOf(pending).some((line) => line.startsWith('party_member=1'))).toBe(false);
    const waiting = sessionOf(pending);
    const refused = await agent().get('/api/member').set('Cookie', waiting).expect(401);
    // …without ending the sign-in under way (its cookie stays).
    expect(cookiesOf(refused).some((line) => line.startsWith('__Host-party_session='))).toBe(false);
    await post('/api/member/session/factor', waiting).send({ code: '000000' }).expect(401);
    const given = await post('/api/member/session/factor', waiting)
      .send({ code: added.body.recoveryCodes[0] })
      .expect(200, { signedIn: true });
    expect(cookiesOf(given).some((line) => line.startsWith('party_member=1'))).toBe(true);
    // Signed in under a new token; the password's no longer works (ASVS 7.2.4).
    const signedIn = sessionOf(given);
    await agent().get('/api/member').set('Cookie', signedIn).expect(200);
    await agent().get('/api/member').set('Cookie', waiting).expect(401);
    // A signed-in session is not one that waits for a factor.
    await post('/api/member/session/factor', signedIn).send({ code: added.body.recoveryCodes[1] }).expect(401);

    // A password reset asks for the factor too.
    const { nonce } = await requestReset(email);
    const reset = await agent()
      .post(`/api/member/password?token=${encodeURIComponent(nonce)}`)
      .set('Origin', gateway.url)
      .send({ password: 'a brand new password' })
      .expect(200);
    expect(reset.body).toEqual({ signedIn: false, step: 'factor', passkey: false });
    await agent().get('/api/member').set('Cookie', sessionOf(reset)).expect(401);
    // The new password signed every other session out.
    await agent().get('/api/member').set('Cookie', signedIn).expect(401);
    const afterReset = sessionOf(
      await post('/api/member/session/factor', sessionOf(reset))
        .send({ code: added.body.recoveryCodes[2] })
        .expect(200),
    );

    // Changes of factor need a recent sign-in; the last one may go, and the sign-in is the password's alone again.
    await test.db.query(
      `UPDATE member_sessions SET verified_at = now() - interval '11 minutes' WHERE member_id = (SELECT id FROM members WHERE email = $1)`,
      [email],
    );
    const [app] = (await agent().get('/api/member/factors').set('Cookie', afterReset).expect(200)).body as Array<{
      id: string;
    }>;
    await agent()
      .delete(`/api/member/factors/${app!.id}`)
      .set('Origin', gateway.url)
      .set('Cookie', afterReset)
      .expect(403);
    const pendingAgain = sessionOf(
      await agent()
        .post('/api/member/session')
        .set('Origin', gateway.url)
        .send({ email, password: 'a brand new password' })
        .expect(200),
    );
    const again = sessionOf(
      await post('/api/member/session/factor', pendingAgain).send({ code: added.body.recoveryCodes[3] }).expect(200),
    );
    await agent().delete(`/api/member/factors/${app!.id}`).set('Origin', gateway.url).set('Cookie', again).expect(204);
    await agent()
      .post('/api/member/session')
      .set('Origin', gateway.url)
      .send({ email, password: 'a brand new password' })
      .expect(200, { signedIn: true });
    const { rows } = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_recovery_codes c JOIN members m ON m.id = c.member_id WHERE m.email = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('adds a passkey, which the next sign-in offers and accepts', async () => {
    const email = await confirmedMember();
    const cookie = sessionOf(await signIn(email));
    const passkey = softwarePasskey();
    const options = (await post('/api/member/factors/passkey/options', cookie).expect(200)).body as {
      challenge: string;
      rp: { id: string };
      user: { name: string };
    };
    expect(options.user.name).toBe(email);
    await post('/api/member/factors/passkey', cookie)
      .send({ response: passkey.register(options, gateway.url), label: 'My phone' })
      .expect(201);

    const waiting = sessionOf(await signIn(email).expect({ signedIn: false, step: 'factor', passkey: true }));
    const challenge = (await post('/api/member/session/passkey-challenge', waiting).expect(200)).body as {
      challenge: string;
      rpId: string;
    };
    const given = await post('/api/member/session/factor', waiting)
      .send({ response: passkey.signIn(challenge, gateway.url) })
      .expect(200, { signedIn: true });
    expect((await agent().get('/api/member').set('Cookie', sessionOf(given)).expect(200)).body).toMatchObject({
      email,
    });
  });

  it('locks the second factor after 100 wrong ones in a row; a new password lifts the lock, never the count', async () => {
    const email = await confirmedMember();
    const cookie = sessionOf(await signIn(email));
    const { secret } = (await post('/api/member/factors/app/secret', cookie).expect(200)).body as { secret: string };
    const { recoveryCodes } = (
      await post('/api/member/factors/app', cookie)
        .send({ code: await currentAppCode(secret), label: 'Phone' })
        .expect(201)
    ).body as { recoveryCodes: string[] };
    const waiting = sessionOf(await signIn(email));
    for (let attempt = 0; attempt < 5; attempt++)
      await post('/api/member/session/factor', waiting).send({ code: '000000' }).expect(401);
    const slowed = await post('/api/member/session/factor', waiting).send({ code: recoveryCodes[0] }).expect(429);
    expect(slowed.headers['retry-after']).toBe('30');
    expect(slowed.body.message).toBe('Too many wrong codes in a row. Please wait 30 seconds before you try again.');

    await test.db.query(
      `UPDATE members SET factor_failures = 99, factor_failed_at = now() - interval '1 hour' WHERE email = $1`,
      [email],
    );
    await post('/api/member/session/factor', waiting).send({ code: '000000' }).expect(423);
    const locked = await post('/api/member/session/factor', waiting).send({ code: recoveryCodes[0] }).expect(423);
    expect(locked.body.message).toBe(
      'Your second factor is locked after too many wrong codes in a row. To unlock it, choose a new password with “Forgot your password?”.',
    );
    const { rows: mail } = await test.db.query<{ text_body: string }>(
      `SELECT text_body FROM outbox_messages WHERE kind = 'factor-locked' AND recipient = $1`,
      [email],
    );
    expect(mail[0]!.text_body).toContain(`${gateway.url}/members/forgot-password`);
    const { rows: log } = await test.db.query(
      `SELECT staff_email, detail FROM staff_access_log WHERE action = 'factor-locked' AND detail LIKE 'member no. %'`,
    );
    expect(log.length).toBeGreaterThan(0);

    // A reset lifts the lock, not the count: one more try, an hour after the last wrong one.
    const { nonce } = await requestReset(email);
    const reset = await agent()
      .post(`/api/member/password?token=${encodeURIComponent(nonce)}`)
      .set('Origin', gateway.url)
      .send({ password: 'a brand new password' })
      .expect(200);
    const soon = await post('/api/member/session/factor', sessionOf(reset))
      .send({ code: recoveryCodes[0] })
      .expect(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(3500);
    const anHourLater = () =>
      test.db.query(
        `UPDATE members SET factor_failed_at = now() - interval '1 hour', reset_sent_at = now() - interval '1 hour' WHERE email = $1`,
        [email],
      );
    await anHourLater();
    await post('/api/member/session/factor', sessionOf(reset)).send({ code: '000000' }).expect(423);
    const again = await agent()
      .post(`/api/member/password?token=${encodeURIComponent((await requestReset(email)).nonce)}`)
      .set('Origin', gateway.url)
      .send({ password: 'another brand new password' })
      .expect(200);
    await anHourLater();
    await post('/api/member/session/factor', sessionOf(again))
      .send({ code: recoveryCodes[0] })
      .expect(200, { signedIn: true });
  });

  it('changes the password with the current one; the member’s other sessions end, this one stays', async () => {
    const email = await confirmedMember();
    const [here, elsewhere] = [sessionOf(await signIn(email)), sessionOf(await signIn(email))];
    const change = (body: object) => post('/api/member/password/change', here).send(body);
    expect(
      (await change({ currentPassword: 'not it', password: 'a brand new password' }).expect(400)).body.fieldErrors,
    ).toEqual({
      currentPassword: 'That is not your current password. Please try again.',
    });
    expect(
      Object.keys((await change({ currentPassword: PASSWORD, password: 'iloveyou1' }).expect(400)).body.fieldErrors),
    ).toEqual(['password']);
    await change({ currentPassword: PASSWORD, password: 'a brand new password' }).expect(204);
    await agent().get('/api/member').set('Cookie', here).expect(200);
    await agent().get('/api/member').set('Cookie', elsewhere).expect(401);
    await agent()
      .post('/api/member/session')
      .set('Origin', gateway.url)
      .send({ email, password: PASSWORD })
      .expect(401);
    await agent()
      .post('/api/member/session')
      .set('Origin', gateway.url)
      .send({ email, password: 'a brand new password' })
      .expect(200);
  });

  /** A reset link for `email`, made as the reset request makes one. */
  async function requestReset(email: string) {
    await agent().post('/api/member/password-reset').set('Origin', gateway.url).send({ email }).expect(202);
    const { rows } = await test.db.query<{ text_body: string }>(
      `SELECT text_body FROM outbox_messages WHERE recipient = $1 AND kind = 'password-reset' ORDER BY id DESC LIMIT 1`,
      [email],
    );
    return { nonce: decodeURIComponent(/reset-password\?token=(\S+)/.exec(rows[0]!.text_body)![1]!) };
  }
});
