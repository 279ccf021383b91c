import request from 'supertest';
import type { ParsedMail } from 'mailparser';
import type { StaffRole } from '@party/shared-contracts';
import { eventually } from '../../testing/eventually.js';
import { mailingGateway } from '../../testing/mailing-gateway.js';
import { testDatabaseKind } from '../../testing/test-databases.js';
import { signedInStaff } from '../../testing/staff-session.js';
import { rawHeader } from '../../testing/test-smtp-server.js';
import { toCsv } from './staff-console.js';

let runs = 0;

describe.each([testDatabaseKind])('the staff console on %s', (kind) => {
  const mailing = mailingGateway(kind);
  const agent = () => request(mailing.gateway.url);
  const sameOrigin = (call: request.Test) => call.set('Origin', mailing.gateway.url);
  const run = ++runs;
  let made = 0;
  const address = (name: string) => `${name}.${run}.${Date.now()}@example.org`;

  /** A new account of `role`, signed in with its password and a newly added authenticator app. */
  const signIn = (role: StaffRole) =>
    signedInStaff(mailing.gateway.url, mailing.test.db, role, `${role}.${run}.${++made}@party.example`);

  it('refuses a wrong password with one answer, and everything without a session', async () => {
    const { email } = await signIn('administrator');
    const wrong = await sameOrigin(agent().post('/api/staff/session')).send({ email, password: 'not it' }).expect(401);
    const unknown = await sameOrigin(agent().post('/api/staff/session'))
      .send({ email: 'nobody@party.example', password: 'not it' })
      .expect(401);
    expect(unknown.body).toEqual(wrong.body);
    for (const path of ['/api/staff/messages', '/api/staff/members', '/api/staff/access-log'])
      await agent().get(path).expect(401);
    expect((await agent().get('/api/staff/me').expect(200)).body).toMatchObject({ staff: null, step: null });
  });

  it('gives each role its sections only', async () => {
    const cookies = {
      administrator: (await signIn('administrator')).cookie,
      membership: (await signIn('membership')).cookie,
      communications: (await signIn('communications')).cookie,
      treasurer: (await signIn('treasurer')).cookie,
    };
    const status = async (role: StaffRole, path: string) =>
      (await agent().get(path).set('Cookie', cookies[role])).status;
    expect(await status('communications', '/api/staff/messages')).toBe(200);
    expect(await status('communications', '/api/staff/subscribers')).toBe(200);
    expect(await status('communications', '/api/staff/newsletters')).toBe(200);
    expect(await status('communications', '/api/staff/members')).toBe(403);
    expect(await status('communications', '/api/staff/volunteers')).toBe(403);
    expect(await status('communications', '/api/staff/access-log')).toBe(403);
    expect(await status('membership', '/api/staff/members')).toBe(200);
    expect(await status('membership', '/api/staff/volunteers')).toBe(200);
    expect(await status('membership', '/api/staff/messages')).toBe(403);
    expect(await status('membership', '/api/staff/newsletters')).toBe(403);
    expect(await status('membership', '/api/staff/members.csv')).toBe(200);
    expect(await status('membership', '/api/staff/access-log')).toBe(403);
    expect(await status('treasurer', '/api/staff/donations')).toBe(200);
    expect(await status('treasurer', '/api/staff/donations.csv')).toBe(200);
    for (const path of ['/api/staff/messages', '/api/staff/members', '/api/staff/subscribers', '/api/staff/access-log'])
      expect(await status('treasurer', path)).toBe(403);
    for (const role of ['communications', 'membership'] as const)
      expect(await status(role, '/api/staff/donations.csv')).toBe(403);
    await agent().get('/api/staff/donations').expect(401);
    for (const path of [
      '/api/staff/messages',
      '/api/staff/members',
      '/api/staff/subscribers',
      '/api/staff/volunteers',
      '/api/staff/access-log',
      '/api/staff/donations',
    ]) {
      expect(await status('administrator', path)).toBe(200);
    }
  });

  it('shows a contact message in the inbox; a reply goes by email through the outbox and marks it answered', async () => {
    const visitor = address('visitor');
    await agent()
      .post('/api/contact')
      .send({
        name: 'Ada Lovelace',
        email: visitor,
        subject: 'policy',
        message: 'How will the audit office be funded?',
        privacy: true,
      })
      .expect(201);
    const { cookie, email: communications } = await signIn('communications');
    const open = await agent().get('/api/staff/messages').set('Cookie', cookie).expect(200);
    const message = (open.body as Array<{ id: string; email: string }>).find((each) => each.email === visitor)!;
    expect(message).toMatchObject({ name: 'Ada Lovelace', subject: 'policy', answeredAt: null });
    expect(open.headers['cache-control']).toBe('no-store');

    await sameOrigin(agent().post(`/api/staff/messages/${message.id}/reply`))
      .set('Cookie', cookie)
      .send({ text: 'short' })
      .expect(400);
    await agent()
      .post(`/api/staff/messages/${message.id}/reply`)
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie)
      .send({ text: 'From another site entirely.' })
      .expect(403);
    await sameOrigin(agent().post(`/api/staff/messages/${message.id}/reply`))
      .set('Cookie', cookie)
      .send({ text: 'The audit office is funded from the existing inspection budget.' })
      .expect(202);

    const [reply] = (await mailing.received(visitor)) as [ParsedMail];
    expect(reply.subject).toBe('Your message to The Refoundation Party');
    expect(reply.text).toContain('The audit office is funded from the existing inspection budget.');
    expect(reply.text).toContain('> How will the audit office be funded?');
    expect(reply.replyTo?.text).toBe(communications);

    const answered = await agent().get('/api/staff/messages?status=answered').set('Cookie', cookie).expect(200);
    expect(
      (answered.body as Array<{ id: string; answeredBy: string }>).find((each) => each.id === message.id)?.answeredBy,
    ).toBe(communications);
    await sameOrigin(agent().post('/api/staff/messages/999999999/reply'))
      .set('Cookie', cookie)
      .send({ text: 'Nobody wrote this one, it seems.' })
      .expect(404);
    // An id that is not a row's is refused before any query reads it.
    for (const id of ['abc', '1e3', '-1', '99999999999999999999', "1'OR'1'='1"]) {
      await sameOrigin(agent().post(`/api/staff/messages/${encodeURIComponent(id)}/reply`))
        .set('Cookie', cookie)
        .send({ text: 'Nobody wrote this one, it seems.' })
        .expect(400);
    }
  });

  it('sends a newsletter issue to every confirmed subscriber, each with its own one-click unsubscribe, once', async () => {
    const [first, second, waiting] = [address('reader-one'), address('reader-two'), address('pending')];
    await mailing.test.db.query(
      `INSERT INTO newsletter_subscriptions (email, status, confirmed_at) VALUES ($1, 'confirmed', now()), ($2, 'confirmed', now()), ($3, 'pending', NULL)`,
      [first, second, waiting],
    );
    const issue = {
      subject: 'The audit office, a year on',
      body: 'Dear reader,\n\nA year ago we proposed an audit office for every programme. Here is what it found.\n\nSee you at the town hall.',
      confirmed: true,
    };
    const membership = (await signIn('membership')).cookie;
    await sameOrigin(agent().post('/api/staff/newsletters')).set('Cookie', membership).send(issue).expect(403);
    const { cookie } = await signIn('communications');
    expect((await agent().get('/api/staff/newsletters').set('Cookie', cookie).expect(200)).body).toEqual({
      confirmedSubscribers: 2,
      issues: [],
    });
    await sameOrigin(agent().post('/api/staff/newsletters'))
      .set('Cookie', cookie)
      .send({ ...issue, confirmed: false })
      .expect(400);
    await agent()
      .post('/api/staff/newsletters')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie)
      .send(issue)
      .expect(403);

    expect(
      (await sameOrigin(agent().post('/api/staff/newsletters')).set('Cookie', cookie).send(issue).expect(202)).body,
    ).toMatchObject({ recipients: 2 });
    const repeated = await sameOrigin(agent().post('/api/staff/newsletters'))
      .set('Cookie', cookie)
      .send(issue)
      .expect(409);
    expect(repeated.body.message).toBe('This newsletter was already sent today; it is not sent twice.');

    const { mailTo } = mailing;
    await Promise.all([mailing.received(first), mailing.received(second)]);
    const [mail] = mailTo(first) as [ParsedMail];
    expect(mail.subject).toBe(issue.subject);
    expect(mail.text).toContain('Here is what it found.');
    expect(mail.html).toContain('<p style="margin:0 0 16px">See you at the town hall.</p>');
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = (each: ParsedMail) => new URL(/<([^>]+)>/.exec(rawHeader(each, 'list-unsubscribe') ?? '')![1]!);
    expect(oneClick(mail).search).not.toBe(oneClick(mailTo(second)[0]!).search);
    await eventually(async () => {
      const { body } = await agent().get('/api/staff/newsletters').set('Cookie', cookie);
      return body.issues[0]?.delivered === 2;
    });
    expect(mailTo(waiting)).toHaveLength(0);

    await agent()
      .post(`${oneClick(mail).pathname}${oneClick(mail).search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const left = await mailing.test.db.query(
      `SELECT email FROM newsletter_subscriptions WHERE status = 'confirmed' AND email IN ($1, $2)`,
      [first, second],
    );
    expect(left.rows).toEqual([{ email: second }]);
  });

  it('lists members by search and exports them as CSV; each look is in the access log', async () => {
    const email = address('member');
    await mailing.test.db.query(
      `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier, terms_accepted_at, status, confirmed_at)
       VALUES ('Katherine', '=Johnson', $1, '$argon2id$x', '1 Street', 'Hampton', 'VA', '23666', 'advocate', now(), 'active', now())`,
      [email],
    );
    const { cookie, email: membership } = await signIn('membership');
    const found = await agent()
      .get(`/api/staff/members?q=${encodeURIComponent(email)}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(found.body).toEqual([
      expect.objectContaining({ email, firstName: 'Katherine', membershipTier: 'advocate', status: 'active' }),
    ]);
    const memberId = (found.body as Array<{ id: string }>)[0]!.id;

    const exported = await agent()
      .get(`/api/staff/members.csv?q=${encodeURIComponent(email)}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.text.split('\r\n')[0]).toBe(
      'firstName,lastName,email,city,region,membershipTier,status,memberSince',
    );
    // A cell a spreadsheet would run as a formula is made inert.
    expect(exported.text).toContain(`Katherine,'=Johnson,${email},Hampton`);

    const log = await agent()
      .get('/api/staff/access-log')
      .set('Cookie', (await signIn('administrator')).cookie)
      .expect(200);
    const entries = (log.body as Array<{ memberId: string; action: string; staffEmail: string }>).filter(
      (entry) => entry.memberId === memberId,
    );
    expect(entries.map((entry) => `${entry.action}:${entry.staffEmail}`).sort()).toEqual([
      `exported:${membership}`,
      `viewed:${membership}`,
    ]);
  });

  it('signing out ends the session', async () => {
    const { cookie, email } = await signIn('administrator');
    expect((await agent().get('/api/staff/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
      staff: { name: 'administrator person', email, role: 'administrator' },
      step: 'signed-in',
    });
    await sameOrigin(agent().delete('/api/staff/session')).set('Cookie', cookie).expect(204);
    expect((await agent().get('/api/staff/me').set('Cookie', cookie).expect(200)).body).toMatchObject({ staff: null });
    await agent().get('/api/staff/members').set('Cookie', cookie).expect(401);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting and joins lists', () => {
    expect(toCsv([{ a: 'x, y', b: ['one', 'two'], c: 'say "hi"' }], ['a', 'b', 'c'])).toBe(
      'a,b,c\r\n"x, y",one; two,"say ""hi"""\r\n',
    );
  });
});
