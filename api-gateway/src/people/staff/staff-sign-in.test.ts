import { Secret } from 'otpauth';
import request from 'supertest';
import { RECOVERY_CODE_PATTERN, type StaffRole } from '@party/shared-contracts';
import { readConfig } from '../../config.js';
import { migrate } from '../../platform/db/migrate.js';
import { passwordHasher, type PasswordHasher } from '../../platform/passwords/password-hash.js';
import { currentAppCode } from '../../testing/authenticator-app.js';
import { softwarePasskey } from '../../testing/software-passkey.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { signedInStaff, staffCookieOf } from '../../testing/staff-session.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';
import { staffAccounts } from './staff-accounts.js';
import { secondFactors } from '../second-factors/second-factors.js';

let runs = 0;

describe.each([testDatabaseKind])(
  'staff sign-in with two factors, and staff managed by administrators, on %s',
  (kind) => {
    let test: TestDatabase;
    let gateway: TestGateway;
    let passwords: PasswordHasher;
    const run = ++runs;
    let made = 0;
    const agent = () => request(gateway.url);
    const post = (path: string, cookie: string) => agent().post(path).set('Origin', gateway.url).set('Cookie', cookie);
    const cookieOf = staffCookieOf;

    /** A new account of `role` (as `npm run staff` makes one), with its password. */
    async function account(role: StaffRole = 'administrator') {
      const email = `${role}.${run}.${++made}@party.example`;
      return {
        email,
        password: await staffAccounts(test.db, passwords, { limits: readConfig({}).staffSessions }).create(
          email,
          `${role} person`,
          role,
        ),
      };
    }
    const passwordOnly = async ({ email, password }: { email: string; password: string }) =>
      cookieOf(
        await agent().post('/api/staff/session').set('Origin', gateway.url).send({ email, password }).expect(200),
      );

    const enrolled = (role: StaffRole = 'administrator') =>
      signedInStaff(gateway.url, test.db, role, `${role}.${run}.${++made}@party.example`);
    const accessLog = async (email: string) =>
      (
        await test.db.query<{ action: string; detail: string | null }>(
          `SELECT action, detail FROM staff_access_log WHERE staff_email = $1 ORDER BY id`,
          [email],
        )
      ).rows;
    /** Moves a session's clocks back, as if `minutes` had passed. */
    const ageSession = (cookie: string, column: 'factor_at' | 'seen_at' | 'created_at', minutes: number) =>
      test.db.query(
        `UPDATE staff_sessions SET ${column} = ${column} - $2 * interval '1 minute' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [cookie.replace('__Host-staff_session=', ''), minutes],
      );

    beforeAll(async () => {
      test = await openTestDatabase(kind);
      await migrate(test.db);
      gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
      passwords = passwordHasher({ concurrency: 2, queue: 10 });
    });
    afterAll(async () => {
      await passwords.close();
      await gateway.close();
      await test.dispose();
    });

    it('reaches nothing with a password alone: a new account adds a second factor first, and gets ten recovery codes once', async () => {
      const credentials = await account('membership');
      const cookie = await passwordOnly(credentials);
      expect((await agent().get('/api/staff/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
        step: 'enrol',
        factors: { passkey: false, app: false },
      });
      await agent().get('/api/staff/members').set('Cookie', cookie).expect(401);
      await agent().get('/api/staff/factors').set('Cookie', cookie).expect(401);
      await post('/api/staff/session/factor', cookie).send({ code: '123456' }).expect(409);

      const { secret, uri } = (await post('/api/staff/factors/app/secret', cookie).expect(200)).body as {
        secret: string;
        uri: string;
      };
      expect(uri).toMatch(
        /^otpauth:\/\/totp\/The%20Refoundation%20Party:membership\.\d+\.\d+%40party\.example\?.*period=30/,
      );
      const wrong = await post('/api/staff/factors/app', cookie).send({ code: '000000', label: 'Phone' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ code: 'That code does not match: enter the one your app shows now' });
      const added = await post('/api/staff/factors/app', cookie)
        .send({ code: await currentAppCode(secret), label: 'Phone' })
        .expect(201);
      expect(added.body.recoveryCodes).toHaveLength(10);
      for (const code of added.body.recoveryCodes as string[])
        expect(code.replace(/-/g, '')).toMatch(RECOVERY_CODE_PATTERN);
      // Signed in now, under a new token: the password's is gone (ASVS 7.2.4).
      const signedIn = cookieOf(added);
      expect(signedIn).not.toBe(cookie);
      expect((await agent().get('/api/staff/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
        staff: null,
      });
      expect((await agent().get('/api/staff/me').set('Cookie', signedIn).expect(200)).body).toMatchObject({
        step: 'signed-in',
        factors: { app: true, recoveryCodes: 10 },
      });
      await agent().get('/api/staff/members').set('Cookie', signedIn).expect(200);
      // Only hashes are kept.
      const { rows } = await test.db.query<{ code_hash: string }>(
        `SELECT code_hash FROM staff_recovery_codes c JOIN staff_accounts a ON a.id = c.staff_id WHERE a.email = $1`,
        [credentials.email],
      );
      expect(rows.map((row) => row.code_hash)).not.toContain(
        (added.body.recoveryCodes as string[])[0]!.replace(/-/g, ''),
      );
      expect((await accessLog(credentials.email)).map((entry) => entry.action)).toEqual([
        'factor-added',
        'recovery-codes-made',
        'signed-in',
      ]);
    });

    it('asks for the second factor at every sign-in; an app code and a recovery code each work once', async () => {
      const staff = await account('communications');
      // An app added earlier (its last code long ago), and recovery codes.
      const secret = new Secret({ size: 20 }).base32;
      const { rows } = await test.db.query<{ id: string }>(
        `INSERT INTO staff_factors (staff_id, kind, label, totp_secret, totp_last_step) SELECT id, 'totp', 'Phone', $2, 0 FROM staff_accounts WHERE email = $1 RETURNING staff_id::text AS id`,
        [staff.email, secret],
      );
      const recoveryCodes = await secondFactors(test.db, 'staff').makeRecoveryCodes(rows[0]!.id);

      const cookie = await passwordOnly(staff);
      expect((await agent().get('/api/staff/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
        step: 'factor',
        factors: { app: true, passkey: false, recoveryCodes: 10 },
      });
      await agent().get('/api/staff/messages').set('Cookie', cookie).expect(401);
      // A session with a factor may not add another before giving it.
      await post('/api/staff/factors/app/secret', cookie).expect(403);
      await post('/api/staff/session/factor', cookie).send({ code: '000000' }).expect(401);
      await post('/api/staff/session/factor', cookie).send({ code: 'nonsense' }).expect(400);
      const code = await currentAppCode(secret);
      const given = await post('/api/staff/session/factor', cookie).send({ code }).expect(200);
      expect(given.body).toMatchObject({ step: 'signed-in' });
      await agent().get('/api/staff/messages').set('Cookie', cookieOf(given)).expect(200);
      await agent().get('/api/staff/messages').set('Cookie', cookie).expect(401);
      // The same code, in another session: refused.
      await post('/api/staff/session/factor', await passwordOnly(staff))
        .send({ code })
        .expect(401);

      const withRecovery = cookieOf(
        await post('/api/staff/session/factor', await passwordOnly(staff))
          .send({ code: recoveryCodes[0]!.toUpperCase() })
          .expect(200),
      );
      await agent().get('/api/staff/messages').set('Cookie', withRecovery).expect(200);
      await post('/api/staff/session/factor', await passwordOnly(staff))
        .send({ code: recoveryCodes[0] })
        .expect(401);
      expect(
        (await agent().get('/api/staff/me').set('Cookie', withRecovery).expect(200)).body.factors.recoveryCodes,
      ).toBe(9);

      expect((await accessLog(staff.email)).map((entry) => `${entry.action} ${entry.detail}`)).toEqual([
        'factor-refused a code',
        'signed-in with an authenticator app',
        'factor-refused a code',
        'recovery-code-used with a recovery code',
        'factor-refused a code',
      ]);
    });

    it('adds a passkey and signs in with it; a replayed, foreign or unknown answer is refused', async () => {
      const credentials = await account('treasurer');
      const cookie = await passwordOnly(credentials);
      const passkey = softwarePasskey();
      const options = (await post('/api/staff/factors/passkey/options', cookie).expect(200)).body as {
        challenge: string;
        rp: { id: string };
        authenticatorSelection: object;
      };
      expect(options).toMatchObject({
        rp: { id: '127.0.0.1', name: 'The Refoundation Party' },
        authenticatorSelection: { userVerification: 'required' },
      });
      const registration = passkey.register(options, gateway.url);
      const added = await post('/api/staff/factors/passkey', cookie)
        .send({ response: registration, label: 'Laptop' })
        .expect(201);
      expect(added.body.recoveryCodes).toHaveLength(10);
      // The challenge answered one attempt: the same answer again, in the session it opened, adds nothing.
      await post('/api/staff/factors/passkey', cookieOf(added))
        .send({ response: registration, label: 'Laptop' })
        .expect(422);

      const signInWithPasskey = async (
        session: string,
        answer: (options: { challenge: string; rpId: string }) => Record<string, unknown>,
      ) => {
        const challenge = (await post('/api/staff/session/passkey-challenge', session).expect(200)).body as {
          challenge: string;
          rpId: string;
          allowCredentials: Array<{ id: string }>;
        };
        expect(challenge.allowCredentials.map((each) => each.id)).toEqual([registration.id]);
        return post('/api/staff/session/factor', session).send({ response: answer(challenge) });
      };
      const session = await passwordOnly(credentials);
      expect((await agent().get('/api/staff/me').set('Cookie', session).expect(200)).body).toMatchObject({
        step: 'factor',
        factors: { passkey: true, app: false },
      });
      let replay: Record<string, unknown> = {};
      const given = await signInWithPasskey(session, (challenge) => (replay = passkey.signIn(challenge, gateway.url)));
      expect(given.status).toBe(200);
      expect(given.body).toMatchObject({ step: 'signed-in' });
      await agent().get('/api/staff/donations').set('Cookie', cookieOf(given)).expect(200);

      expect((await signInWithPasskey(await passwordOnly(credentials), () => replay)).status).toBe(401);
      expect(
        (
          await signInWithPasskey(await passwordOnly(credentials), (challenge) =>
            passkey.signIn(challenge, 'https://evil.example'),
          )
        ).status,
      ).toBe(401);
      expect(
        (
          await signInWithPasskey(await passwordOnly(credentials), (challenge) =>
            softwarePasskey().signIn(challenge, gateway.url),
          )
        ).status,
      ).toBe(401);
      expect(
        (
          await signInWithPasskey(await passwordOnly(credentials), (challenge) =>
            passkey.signIn(challenge, gateway.url),
          )
        ).status,
      ).toBe(200);
      expect((await accessLog(credentials.email)).map((entry) => `${entry.action} ${entry.detail}`)).toEqual(
        expect.arrayContaining([
          'factor-added passkey “Laptop”',
          'signed-in with a passkey',
          'factor-refused a passkey',
        ]),
      );
    });

    it('changes the password with the current one, ending the other sessions, in the access log', async () => {
      const staff = await enrolled('communications');
      const elsewhere = cookieOf(
        await post('/api/staff/session/factor', await passwordOnly(staff))
          .send({ code: staff.recoveryCodes[0] })
          .expect(200),
      );
      await post('/api/staff/password/change', staff.cookie)
        .send({ currentPassword: 'not it', password: 'a newer staff password' })
        .expect(400);
      await post('/api/staff/password/change', staff.cookie)
        .send({ currentPassword: staff.password, password: 'a newer staff password' })
        .expect(204);
      await agent().get('/api/staff/messages').set('Cookie', staff.cookie).expect(200);
      await agent().get('/api/staff/messages').set('Cookie', elsewhere).expect(401);
      await agent()
        .post('/api/staff/session')
        .set('Origin', gateway.url)
        .send({ email: staff.email, password: 'a newer staff password' })
        .expect(200);
      expect((await accessLog(staff.email)).map((entry) => `${entry.action} ${entry.detail}`)).toContain(
        'password-set changed while signed in',
      );
    });

    it('lists one’s open sessions, and ends another or all the others with a fresh factor', async () => {
      const staff = await enrolled('membership');
      const laptop = cookieOf(
        await post('/api/staff/session/factor', await passwordOnly(staff))
          .send({ code: staff.recoveryCodes[0] })
          .expect(200),
      );
      const phone = cookieOf(
        await post('/api/staff/session/factor', await passwordOnly(staff))
          .send({ code: staff.recoveryCodes[1] })
          .expect(200),
      );
      const sessions = (await agent().get('/api/staff/sessions').set('Cookie', staff.cookie).expect(200))
        .body as Array<{ id: string; current: boolean }>;
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((each) => each.current)).toHaveLength(1);
      expect(JSON.stringify(sessions)).not.toContain(laptop.replace('__Host-staff_session=', ''));

      const [newest] = sessions;
      await ageSession(staff.cookie, 'factor_at', 6);
      await agent()
        .delete(`/api/staff/sessions/${newest!.id}`)
        .set('Origin', gateway.url)
        .set('Cookie', staff.cookie)
        .expect(403);
      const renewed = cookieOf(
        await post('/api/staff/session/factor', staff.cookie).send({ code: staff.recoveryCodes[2] }).expect(200),
      );
      await agent()
        .delete(`/api/staff/sessions/${newest!.id}`)
        .set('Origin', gateway.url)
        .set('Cookie', renewed)
        .expect(204);
      await agent().get('/api/staff/members').set('Cookie', phone).expect(401);
      await agent().get('/api/staff/members').set('Cookie', laptop).expect(200);
      await agent().delete('/api/staff/sessions/others').set('Origin', gateway.url).set('Cookie', renewed).expect(204);
      await agent().get('/api/staff/members').set('Cookie', laptop).expect(401);
      await agent().get('/api/staff/members').set('Cookie', renewed).expect(200);
      await agent()
        .delete('/api/staff/sessions/nonsense')
        .set('Origin', gateway.url)
        .set('Cookie', renewed)
        .expect(400);
    });

    it('changes factors only within five minutes of giving one, and never removes the last', async () => {
      const staff = await enrolled();
      const [app] = (await agent().get('/api/staff/factors').set('Cookie', staff.cookie).expect(200)).body as Array<{
        id: string;
        kind: string;
        label: string;
      }>;
      expect(app).toMatchObject({ kind: 'totp', label: 'Phone' });
      await agent()
        .delete(`/api/staff/factors/${app!.id}`)
        .set('Origin', gateway.url)
        .set('Cookie', staff.cookie)
        .expect(409);

      await ageSession(staff.cookie, 'factor_at', 6);
      await post('/api/staff/factors/app/secret', staff.cookie).expect(403);
      await post('/api/staff/recovery-codes', staff.cookie).expect(403);
      await agent()
        .delete(`/api/staff/factors/${app!.id}`)
        .set('Origin', gateway.url)
        .set('Cookie', staff.cookie)
        .expect(403);
      // Giving the factor again (here a recovery code) opens them for five minutes more.
      const renewed = cookieOf(
        await post('/api/staff/session/factor', staff.cookie).send({ code: staff.recoveryCodes[1] }).expect(200),
      );
      const codes = (await post('/api/staff/recovery-codes', renewed).expect(201)).body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      const afterwards = await passwordOnly(staff);
      await post('/api/staff/session/factor', afterwards).send({ code: staff.recoveryCodes[2] }).expect(401);
      await post('/api/staff/session/factor', afterwards).send({ code: codes[0] }).expect(200);
    });

    it('asks for the second factor again before a download of people if the last is over 15 minutes old', async () => {
      const staff = await enrolled('membership');
      await agent().get('/api/staff/members.csv').set('Cookie', staff.cookie).expect(200);
      await ageSession(staff.cookie, 'factor_at', 16);
      const refused = await agent().get('/api/staff/members.csv').set('Cookie', staff.cookie).expect(403);
      expect(refused.body.message).toBe(
        'Please confirm it is you with your second factor before downloading people’s data.',
      );
      await agent().get('/api/staff/members').set('Cookie', staff.cookie).expect(200);
      const renewed = cookieOf(
        await post('/api/staff/session/factor', staff.cookie).send({ code: staff.recoveryCodes[0] }).expect(200),
      );
      await agent().get('/api/staff/members.csv').set('Cookie', renewed).expect(200);
    });

    it('ends a session after 30 minutes idle, 12 hours in all, and a password-only one after 10 minutes', async () => {
      const idle = await enrolled('communications');
      await ageSession(idle.cookie, 'seen_at', 29);
      await agent().get('/api/staff/messages').set('Cookie', idle.cookie).expect(200);
      await ageSession(idle.cookie, 'seen_at', 31);
      await agent().get('/api/staff/messages').set('Cookie', idle.cookie).expect(401);

      const long = await enrolled('communications');
      await ageSession(long.cookie, 'created_at', 12 * 60 + 1);
      await agent().get('/api/staff/messages').set('Cookie', long.cookie).expect(401);

      const half = await passwordOnly(long);
      await ageSession(half, 'created_at', 11);
      await post('/api/staff/session/factor', half).send({ code: long.recoveryCodes[0] }).expect(401);
    });

    it('answers a data request on someone’s behalf: all that is held under the address, its copy and its erasure, logged by a hash of it', async () => {
      const person = `asker.${run}.${++made}@example.org`;
      await agent()
        .post('/api/contact')
        .send({
          name: 'Ada Asker',
          email: person,
          subject: 'policy',
          message: 'What do you hold about me, please?',
          privacy: true,
        })
        .expect(201);
      await test.db.query(
        `INSERT INTO newsletter_subscriptions (email, status, confirmed_at) VALUES ($1, 'confirmed', now())`,
        [person],
      );
      const admin = await enrolled('administrator');
      const membership = await enrolled('membership');
      const lookup = `/api/staff/people?email=${encodeURIComponent(person.toUpperCase())}`;
      await agent().get(lookup).set('Cookie', membership.cookie).expect(403);
      await agent().get('/api/staff/people?email=nobody').set('Cookie', admin.cookie).expect(400);
      // The privacy duty, given by an administrator, opens it to another role; taken back, it closes.
      const accounts = (await agent().get('/api/staff/accounts').set('Cookie', admin.cookie).expect(200))
        .body as Array<{ id: string; email: string; duties: string[] }>;
      const membershipAccount = accounts.find((each) => each.email === membership.email)!;
      expect(membershipAccount.duties).toEqual([]);
      await post(`/api/staff/accounts/${membershipAccount.id}/duties`, admin.cookie)
        .send({ duties: ['privacy'] })
        .expect(204);
      expect(
        (await agent().get('/api/staff/me').set('Cookie', membership.cookie).expect(200)).body.staff.duties,
      ).toEqual(['privacy']);
      await agent().get(lookup).set('Cookie', membership.cookie).expect(200);
      await post(`/api/staff/accounts/${membershipAccount.id}/duties`, admin.cookie)
        .send({ duties: ['filing'] })
        .expect(400);
      await post(`/api/staff/accounts/${membershipAccount.id}/duties`, admin.cookie).send({ duties: [] }).expect(204);
      await agent().get(lookup).set('Cookie', membership.cookie).expect(403);

      const held = (await agent().get(lookup).set('Cookie', admin.cookie).expect(200)).body as Record<string, unknown>;
      expect(held.newsletterSubscription).toMatchObject({ email: person, status: 'confirmed' });
      expect(held.contactMessages).toEqual([
        expect.objectContaining({ message: 'What do you hold about me, please?' }),
      ]);
      const copy = await agent()
        .get(`/api/staff/people.json?email=${encodeURIComponent(person)}`)
        .set('Cookie', admin.cookie)
        .expect(200);
      expect(copy.headers['content-disposition']).toMatch(/^attachment/);
      expect(Object.keys(copy.body as object)).toEqual(Object.keys(held));

      await post('/api/staff/people/erase', admin.cookie).send({ email: person }).expect(400);
      await ageSession(admin.cookie, 'factor_at', 16);
      await post('/api/staff/people/erase', admin.cookie).send({ email: person, confirmed: true }).expect(403);
      const renewed = cookieOf(
        await post('/api/staff/session/factor', admin.cookie).send({ code: admin.recoveryCodes[0] }).expect(200),
      );
      await post('/api/staff/people/erase', renewed).send({ email: person, confirmed: true }).expect(204);
      const after = (await agent().get(lookup).set('Cookie', renewed).expect(200)).body as Record<string, unknown>;
      expect(after).toMatchObject({ newsletterSubscription: null, contactMessages: [] });

      const log = await accessLog(admin.email);
      const asked = log.filter((entry) => ['looked-up', 'copied', 'erased'].includes(entry.action));
      expect(asked.map((entry) => entry.action)).toEqual(['looked-up', 'copied', 'erased', 'looked-up']);
      expect(new Set(asked.map((entry) => entry.detail)).size).toBe(1);
      expect(JSON.stringify(log)).not.toContain(person);
    });

    it('lets administrators invite, change a role, send a new password link and disable; others may not', async () => {
      const admin = await enrolled('administrator');
      const other = await enrolled('membership');
      const invitee = `invited.${run}.${++made}@party.example`;
      await post('/api/staff/accounts', other.cookie)
        .send({ name: 'Ida Invited', email: invitee, role: 'communications' })
        .expect(403);
      const invited = await post('/api/staff/accounts', admin.cookie)
        .send({ name: 'Ida Invited', email: invitee, role: 'communications' })
        .expect(201);
      expect(invited.body).toMatchObject({ email: invitee, status: 'invited', invitedBy: admin.email });
      await post('/api/staff/accounts', admin.cookie)
        .send({ name: 'Ida Again', email: invitee, role: 'communications' })
        .expect(409);

      const linkIn = async (to: string) => {
        const { rows } = await test.db.query<{ text_body: string }>(
          `SELECT text_body FROM outbox_messages WHERE recipient = $1 AND kind = 'staff-password' ORDER BY id DESC LIMIT 1`,
          [to],
        );
        return decodeURIComponent(/\/staff\/password\?token=(\S+)/.exec(rows[0]!.text_body)![1]!);
      };
      const token = await linkIn(invitee);
      // An invited account has no password until its link is followed.
      await agent()
        .post('/api/staff/session')
        .set('Origin', gateway.url)
        .send({ email: invitee, password: 'anything at all' })
        .expect(401);
      // One of the most used passwords is refused, and the link still works.
      const common = await agent()
        .post(`/api/staff/password?token=${encodeURIComponent(token)}`)
        .set('Origin', gateway.url)
        .send({ password: 'Password123' })
        .expect(400);
      expect(Object.keys(common.body.fieldErrors)).toEqual(['password']);
      const set = await agent()
        .post(`/api/staff/password?token=${encodeURIComponent(token)}`)
        .set('Origin', gateway.url)
        .send({ password: 'a long staff password' })
        .expect(200);
      expect(set.body).toMatchObject({ step: 'enrol', staff: { email: invitee, role: 'communications' } });
      await agent()
        .post(`/api/staff/password?token=${encodeURIComponent(token)}`)
        .set('Origin', gateway.url)
        .send({ password: 'another long password' })
        .expect(410);
      const { secret } = (await post('/api/staff/factors/app/secret', cookieOf(set)).expect(200)).body as {
        secret: string;
      };
      const withApp = await post('/api/staff/factors/app', cookieOf(set))
        .send({ code: await currentAppCode(secret), label: 'Phone' })
        .expect(201);
      const { recoveryCodes } = withApp.body as { recoveryCodes: string[] };
      const inviteeCookie = cookieOf(withApp);
      await agent().get('/api/staff/messages').set('Cookie', inviteeCookie).expect(200);

      const accounts = (await agent().get('/api/staff/accounts').set('Cookie', admin.cookie).expect(200))
        .body as Array<{ id: string; email: string; status: string; factors: number }>;
      const row = accounts.find((each) => each.email === invitee)!;
      expect(row).toMatchObject({ status: 'active', factors: 1 });
      await post(
        `/api/staff/accounts/${accounts.find((each) => each.email === admin.email)!.id}/disable`,
        admin.cookie,
      ).expect(404);

      await post(`/api/staff/accounts/${row.id}/role`, admin.cookie).send({ role: 'membership' }).expect(204);
      await agent().get('/api/staff/messages').set('Cookie', inviteeCookie).expect(403);
      await agent().get('/api/staff/members').set('Cookie', inviteeCookie).expect(200);

      // A new password from an administrator's link still asks for the second factor.
      await post(`/api/staff/accounts/${row.id}/password-link`, admin.cookie).expect(204);
      const reset = await agent()
        .post(`/api/staff/password?token=${encodeURIComponent(await linkIn(invitee))}`)
        .set('Origin', gateway.url)
        .send({ password: 'a newer staff password' })
        .expect(200);
      expect(reset.body.step).toBe('factor');
      // The new password ends the sessions the old one opened.
      await agent().get('/api/staff/members').set('Cookie', inviteeCookie).expect(401);
      await agent().get('/api/staff/members').set('Cookie', cookieOf(reset)).expect(401);
      const afterReset = cookieOf(
        await post('/api/staff/session/factor', cookieOf(reset)).send({ code: recoveryCodes[0] }).expect(200),
      );
      await agent().get('/api/staff/members').set('Cookie', afterReset).expect(200);

      // Disabled: the open session is refused at its next request, and the password no longer signs in.
      await post(`/api/staff/accounts/${row.id}/disable`, admin.cookie).expect(204);
      await agent().get('/api/staff/members').set('Cookie', afterReset).expect(401);
      await agent()
        .post('/api/staff/session')
        .set('Origin', gateway.url)
        .send({ email: invitee, password: 'a newer staff password' })
        .expect(401);
      await post(`/api/staff/accounts/${row.id}/enable`, admin.cookie).expect(204);
      await agent()
        .post('/api/staff/session')
        .set('Origin', gateway.url)
        .send({ email: invitee, password: 'a newer staff password' })
        .expect(200);

      expect((await accessLog(admin.email)).map((entry) => `${entry.action} ${entry.detail}`)).toEqual(
        expect.arrayContaining([
          `invited ${invitee} as communications`,
          `role-changed ${invitee}: communications to membership`,
          `invited ${invitee}: a new password link`,
          `disabled ${invitee}`,
          `enabled ${invitee}`,
        ]),
      );
    });

    it('locks the second factor after 100 wrong ones in a row, until an administrator unlocks it', async () => {
      const staff = await enrolled('communications');
      const admin = await enrolled('administrator');
      const half = await passwordOnly(staff);
      await test.db.query(
        `UPDATE staff_accounts SET factor_failures = 99, factor_failed_at = now() - interval '1 hour' WHERE email = $1`,
        [staff.email],
      );
      const locked = await post('/api/staff/session/factor', half).send({ code: '000000' }).expect(423);
      expect(locked.body.message).toBe(
        'Your second factor is locked after too many wrong codes in a row. An administrator can unlock it for you.',
      );
      await post('/api/staff/session/factor', half).send({ code: staff.recoveryCodes[0] }).expect(423);
      const { body: listed } = await agent().get('/api/staff/accounts').set('Cookie', admin.cookie).expect(200);
      const account = (listed as Array<{ id: string; email: string; factorLocked: boolean }>).find(
        (each) => each.email === staff.email,
      )!;
      expect(account.factorLocked).toBe(true);

      await post(`/api/staff/accounts/${account.id}/factor-unlock`, admin.cookie).expect(204);
      await post('/api/staff/session/factor', half).send({ code: staff.recoveryCodes[0] }).expect(200);
      expect(await accessLog(admin.email)).toContainEqual({ action: 'factor-unlocked', detail: staff.email });
      expect(await accessLog(staff.email)).toContainEqual({
        action: 'factor-locked',
        detail: 'staff account: 100 wrong second factors in a row',
      });
    });
  },
);

describe.each([testDatabaseKind])('the second factor’s attempts on %s', (kind) => {
  it('are limited per account, from whichever sessions', async () => {
    const test = await openTestDatabase(kind);
    await migrate(test.db);
    const gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '3' });
    const passwords = passwordHasher({ concurrency: 1, queue: 10 });
    try {
      const email = `limited.${Date.now()}@party.example`;
      const password = await staffAccounts(test.db, passwords, { limits: readConfig({}).staffSessions }).create(
        email,
        'Lim Ited',
        'administrator',
      );
      await test.db.query(
        `INSERT INTO staff_factors (staff_id, kind, label, totp_secret, totp_last_step) SELECT id, 'totp', 'Phone', 'JBSWY3DPEHPK3PXP', 0 FROM staff_accounts WHERE email = $1`,
        [email],
      );
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const session = ([] as string[])
          .concat(
            (await request(gateway.url).post('/api/staff/session').set('Origin', gateway.url).send({ email, password }))
              .headers['set-cookie'] ?? [],
          )[0]!
          .split(';')[0]!;
        for (let code = 0; code < 2; code++) {
          statuses.push(
            (
              await request(gateway.url)
                .post('/api/staff/session/factor')
                .set('Origin', gateway.url)
                .set('Cookie', session)
                .send({ code: '00000' + code })
            ).status,
          );
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await passwords.close();
      await gateway.close();
      await test.dispose();
    }
  });
});
