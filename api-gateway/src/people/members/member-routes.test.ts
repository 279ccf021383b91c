import request from 'supertest';
import type { ParsedMail } from 'mailparser';
import { membershipRegistrationExample, type MembershipRegistration } from '@party/shared-contracts';
import { mailingGateway, TEST_SITE as SITE } from '../../testing/mailing-gateway.js';
import { testDatabaseKind } from '../../testing/test-databases.js';
import { scheduleTestEvent } from '../../testing/test-events.js';

let people = 0;
const registration = (change: Partial<MembershipRegistration> = {}) =>
  membershipRegistrationExample({ email: `member${++people}@example.org`, ...change });

describe.each([testDatabaseKind])('membership confirmation and the member area on %s', (kind) => {
  const mailing = mailingGateway(kind, { PUBLIC_ORIGIN: SITE });
  const { received } = mailing;
  const agent = () => request(mailing.gateway.url);
  const sameOrigin = (call: request.Test) => call.set('Origin', SITE);
  const confirmToken = (mail: ParsedMail) =>
    decodeURIComponent(/\/membership\/confirm\?token=(\S+)/.exec(mail.text ?? '')?.[1] ?? '');
  const confirm = (token: string, password: string) =>
    sameOrigin(agent().post(`/api/membership/confirm?token=${encodeURIComponent(token)}`)).send({ password });
  const sessionCookie = (response: request.Response) =>
    ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('__Host-party_session='))!
      .split(';')[0]!;
  const count = async (sql: string, email: string) =>
    (await mailing.test.db.query<{ n: number }>(sql, [email])).rows[0]!.n;

  /** Registers, confirms from the email, and returns the session cookie. */
  async function member(details = registration()) {
    await agent().post('/api/membership').send(details).expect(201);
    const [confirmation] = await received(details.email);
    const response = await confirm(confirmToken(confirmation!), details.password).expect(200);
    return { details, cookie: sessionCookie(response) };
  }

  it('confirms a membership from its email with the chosen password, and signs the member in', async () => {
    const details = registration();
    await agent().post('/api/membership').send(details).expect(201, { received: true });
    const [confirmation] = await received(details.email);
    expect(confirmation!.subject).toBe('Confirm your membership');
    const token = confirmToken(confirmation!);

    const wrong = await confirm(token, 'not my password').expect(400);
    expect(wrong.body.fieldErrors).toEqual({
      password: 'That is not the password you chose when you registered. Please try again.',
    });
    const confirmed = await confirm(token, details.password).expect(200, { signedIn: true });
    const cookies = ([] as string[]).concat(confirmed.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('__Host-party_session='))!;
    for (const attribute of [/; path=\/(;|$)/, /; secure(;|$)/, /; samesite=lax(;|$)/, /; httponly(;|$)/])
      expect(session).toMatch(attribute);
    expect(cookies.find((cookie) => cookie.startsWith('party_member=1'))).not.toMatch(/httponly/i);
    await confirm(token, details.password).expect(410);

    const account = await agent().get('/api/member').set('Cookie', sessionCookie(confirmed)).expect(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(account.body).toMatchObject({
      firstName: 'Grace',
      email: details.email,
      membershipTier: 'member',
      status: 'active',
      cancelledAt: null,
    });
    await agent().get('/api/member').expect(401);
  });

  it('lets a member change tier, cancel, rejoin, sign out and sign in again', async () => {
    const { details, cookie } = await member();
    const tier = await sameOrigin(agent().post('/api/member/tier'))
      .set('Cookie', cookie)
      .send({ membershipTier: 'advocate' })
      .expect(200);
    expect(tier.body.membershipTier).toBe('advocate');
    const cancelled = await sameOrigin(agent().post('/api/member/cancel')).set('Cookie', cookie).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    const rejoined = await sameOrigin(agent().post('/api/member/tier'))
      .set('Cookie', cookie)
      .send({ membershipTier: 'supporter' })
      .expect(200);
    expect(rejoined.body).toMatchObject({ status: 'active', membershipTier: 'supporter', cancelledAt: null });

    await sameOrigin(agent().delete('/api/member/session')).set('Cookie', cookie).expect(204);
    await agent().get('/api/member').set('Cookie', cookie).expect(401);
    const refused = await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: 'wrong password' })
      .expect(401);
    const unknown = await sameOrigin(agent().post('/api/member/session'))
      .send({ email: 'nobody@example.org', password: 'whatever' })
      .expect(401);
    expect(unknown.body).toEqual(refused.body);
    const signedIn = await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: details.password })
      .expect(200);
    await agent().get('/api/member').set('Cookie', sessionCookie(signedIn)).expect(200);
  });

  it('refuses changes from another site', async () => {
    const { cookie } = await member();
    await agent().delete('/api/member').set('Origin', 'https://evil.example').set('Cookie', cookie).expect(403);
    await agent().post('/api/member/cancel').set('Origin', 'https://evil.example').set('Cookie', cookie).expect(403);
    await agent().get('/api/member').set('Cookie', cookie).expect(200);
  });

  it('exports everything held about the member, with consent records and without the password hash', async () => {
    const { details, cookie } = await member();
    await agent()
      .post('/api/contact')
      .send({
        name: 'Grace Hopper',
        email: details.email,
        subject: 'policy',
        message: 'A question about audits.',
        privacy: true,
      })
      .expect(201);
    const event = await scheduleTestEvent(mailing.test.db);
    await agent()
      .post('/api/event-registrations')
      .send({ eventId: event.id, name: 'Grace Hopper', email: details.email, privacy: true })
      .expect(201);
    const exported = await agent().get('/api/member/export').set('Cookie', cookie).expect(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(exported.body.membership).toMatchObject({ email: details.email, status: 'active' });
    expect(
      exported.body.consentRecords
        .map((record: { form: string; document: string }) => `${record.form}:${record.document}`)
        .sort(),
    ).toEqual([
      'contact:privacy-policy',
      'event-registration:privacy-policy',
      'membership:privacy-policy',
      'membership:terms-of-use',
    ]);
    expect(exported.body.consentRecords[0].document_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(exported.body.contactMessages).toHaveLength(1);
    expect(exported.body.eventRegistrations).toEqual([expect.objectContaining({ event_id: event.id })]);
    expect(exported.body.emailsSentToYou[0]).toMatchObject({ kind: 'membership-confirmation' });
    expect(JSON.stringify(exported.body)).not.toMatch(/argon2|password_hash/);
  });

  it('deletes the account: its rows are gone and the outbox keeps nothing personal of it', async () => {
    const { details, cookie } = await member();
    // Three pledges: one a received donation (the law keeps its declaration), one never sent, one dropped.
    const declaration = JSON.stringify({
      fullName: 'Grace Hopper',
      email: details.email,
      streetAddress: '1 Main Street',
      postalCode: '80202',
      occupation: 'Admiral',
      employer: 'US Navy',
    });
    for (const [id, status] of [
      ['received', 'confirmed'],
      ['unsent', null],
      ['dropped', 'dropped'],
    ] as const) {
      const uuid = `00000000-0000-4000-8000-${String(people).padStart(6, '0')}${{ received: '000001', unsent: '000002', dropped: '000003' }[id]}`;
      await mailing.test.db.query(
        `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, email, rules_profile)
         VALUES ($1, 1, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 10000000000000000, 'USD', 20, $2, $3, 'us-federal')`,
        [uuid, declaration, details.email],
      );
      if (status) {
        await mailing.test.db.query(
          `INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status)
           VALUES (1, $1, $2, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x7c1a5dec2b95f4e0aa375ad9c6b4c2aa714d4a09', 10000000000000000, 0, $3)`,
          [`0x${uuid.replaceAll('-', '').padEnd(64, '0')}`, uuid, status],
        );
      }
    }
    const exported = await agent().get('/api/member/export').set('Cookie', cookie).expect(200);
    expect(exported.body.donations).toHaveLength(3);
    expect(exported.body.donations[0]).toMatchObject({
      declaration: { fullName: 'Grace Hopper', occupation: 'Admiral' },
      rules_profile: 'us-federal',
    });

    await agent()
      .post('/api/contact')
      .send({
        name: 'Grace Hopper',
        email: details.email,
        subject: 'policy',
        message: 'Please delete me later.',
        privacy: true,
      })
      .expect(201);
    const event = await scheduleTestEvent(mailing.test.db);
    await agent()
      .post('/api/event-registrations')
      .send({ eventId: event.id, name: 'Grace Hopper', email: details.email, privacy: true })
      .expect(201);
    await sameOrigin(agent().delete('/api/member')).set('Cookie', cookie).expect(204);
    await agent().get('/api/member').set('Cookie', cookie).expect(401);
    for (const table of ['members', 'consent_records', 'contact_messages', 'event_registrations', 'donation_pledges'])
      expect(await count(`SELECT count(*)::integer AS n FROM ${table} WHERE email = $1`, details.email)).toBe(0);
    // What election law requires stays with the donation received; nothing else of the person does.
    const kept = await mailing.test.db.query<{ declaration: Record<string, string>; status: string }>(
      `SELECT p.declaration, d.status FROM donation_pledges p JOIN donations d ON d.pledge_id = p.id WHERE p.declaration->>'fullName' = 'Grace Hopper' AND p.id::text LIKE $1`,
      [`%${String(people).padStart(6, '0')}%`],
    );
    expect(kept.rows).toEqual([
      {
        status: 'confirmed',
        declaration: {
          fullName: 'Grace Hopper',
          streetAddress: '1 Main Street',
          postalCode: '80202',
          occupation: 'Admiral',
          employer: 'US Navy',
        },
      },
    ]);
    expect(JSON.stringify((await mailing.test.db.query('SELECT * FROM donation_pledges')).rows)).not.toContain(
      details.email,
    );
    const personal = `SELECT count(*)::integer AS n FROM outbox_messages
                       WHERE recipient = $1 OR reply_to = $1 OR text_body LIKE '%' || $1 || '%' OR html_body LIKE '%' || $1 || '%' OR text_body LIKE '%Please delete me%'`;
    expect(await count(personal, details.email)).toBe(0);
  });

  it('tells an existing member of a new registration, changing nothing; the answer is the same', async () => {
    const { details } = await member();
    const again = await agent()
      .post('/api/membership')
      .send({ ...details, password: 'attacker password', firstName: 'Mallory' })
      .expect(201);
    expect(again.body).toEqual({ received: true });
    const [, notice] = await received(details.email, 2);
    expect(notice!.subject).toBe('You are already a member');
    await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: 'attacker password' })
      .expect(401);
    await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: details.password })
      .expect(200);
  });

  it('lets a later registration replace a pending one, whose link then stops working', async () => {
    const stranger = registration({ firstName: 'Mallory', password: 'stranger password' });
    await agent().post('/api/membership').send(stranger).expect(201);
    const [first] = await received(stranger.email);
    const owner = { ...stranger, firstName: 'Grace', password: 'owner password 123' };
    await agent().post('/api/membership').send(owner).expect(201);
    const [, second] = await received(stranger.email, 2);
    await confirm(confirmToken(first!), stranger.password).expect(410);
    const confirmed = await confirm(confirmToken(second!), owner.password).expect(200);
    const account = await agent().get('/api/member').set('Cookie', sessionCookie(confirmed)).expect(200);
    expect(account.body.firstName).toBe('Grace');
  });

  it('resets a forgotten password from an emailed link, ending every other session', async () => {
    const { details, cookie } = await member();
    const asked = await sameOrigin(agent().post('/api/member/password-reset'))
      .send({ email: details.email })
      .expect(202);
    const unknown = await sameOrigin(agent().post('/api/member/password-reset'))
      .send({ email: 'nobody-here@example.org' })
      .expect(202);
    expect(unknown.body).toEqual(asked.body);
    const [, resetMail] = await received(details.email, 2);
    expect(resetMail!.subject).toBe('Reset your password');
    const token = decodeURIComponent(/\/members\/reset-password\?token=(\S+)/.exec(resetMail!.text ?? '')?.[1] ?? '');

    const reset = (password: string) =>
      sameOrigin(agent().post(`/api/member/password?token=${encodeURIComponent(token)}`)).send({ password });
    const tooShort = await reset('short').expect(400);
    expect(tooShort.body.fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
    const done = await reset('a brand new password').expect(200, { signedIn: true });
    await reset('another new password').expect(410);
    await agent().get('/api/member').set('Cookie', cookie).expect(401);
    await agent().get('/api/member').set('Cookie', sessionCookie(done)).expect(200);
    await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: details.password })
      .expect(401);
    await sameOrigin(agent().post('/api/member/session'))
      .send({ email: details.email, password: 'a brand new password' })
      .expect(200);
    // Asked again at once: no second email within minutes. The answer comes once the request is
    // committed, so the outbox says already whether anything more will be sent.
    await sameOrigin(agent().post('/api/member/password-reset')).send({ email: details.email }).expect(202);
    expect(
      (
        await mailing.test.db.query('SELECT kind FROM outbox_messages WHERE recipient = $1 ORDER BY id', [
          details.email,
        ])
      ).rows,
    ).toEqual([{ kind: 'membership-confirmation' }, { kind: 'password-reset' }]);
  });

  it('gives a day-old session a new token, and the old one stops working', async () => {
    const { cookie } = await member();
    await mailing.test.db.query(`UPDATE member_sessions SET created_at = now() - interval '2 days'`);
    const renewed = await agent().get('/api/member').set('Cookie', cookie).expect(200);
    const fresh = sessionCookie(renewed);
    expect(fresh).not.toBe(cookie);
    await agent().get('/api/member').set('Cookie', cookie).expect(401);
    await agent().get('/api/member').set('Cookie', fresh).expect(200);
  });
});
