import request from 'supertest';
import { signedLinks } from '../../platform/email/signed-links.js';
import { mailingGateway, TEST_SITE as SITE } from '../../testing/mailing-gateway.js';
import { testDatabaseKind } from '../../testing/test-databases.js';
import { TEST_SIGNING_SECRET } from '../../testing/test-gateway.js';
import { rawHeader } from '../../testing/test-smtp-server.js';
import { newsletterSubscriptions } from './newsletter-subscriptions.js';

const INBOX = 'inbox@party.example';

let people = 0;
const someone = () => `reader${++people}@example.org`;

describe.each([testDatabaseKind])('newsletter double opt-in and contact email on %s', (kind) => {
  const mailing = mailingGateway(kind, { PUBLIC_ORIGIN: SITE, PARTY_INBOX: INBOX });
  const { mailTo, received, linkIn } = mailing;
  const post = (path: string) => request(mailing.gateway.url).post(path);
  const subscription = async (email: string) =>
    (
      await mailing.test.db.query<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email = $1', [
        email,
      ])
    ).rows[0]?.status ?? null;
  const subscribe = (email: string) => post('/api/newsletter').send({ email });
  const confirm = (token: string) =>
    post(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`)
      .set('Origin', SITE)
      .send({});

  it('subscribes an address only once its owner confirms it from the email', async () => {
    const email = someone();
    await subscribe(email).expect(201, { received: true });
    expect(await subscription(email)).toBe('pending');

    const [confirmation] = await received(email);
    expect(confirmation!.subject).toBe('Confirm your subscription to our newsletter');
    expect(confirmation!.html).toContain('Confirm my subscription');
    expect(confirmation!.text).toContain('1200 Civic Commons Way');
    expect(confirmation!.html).not.toMatch(/<img|src=/i);

    await confirm(linkIn(confirmation!, '/newsletter/confirm')).expect(200, { done: true });
    expect(await subscription(email)).toBe('confirmed');

    const [, welcome] = await received(email, 2);
    expect(welcome!.subject).toBe('You are subscribed to our newsletter');
    expect(rawHeader(welcome!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(welcome!, '/newsletter/unsubscribe')).not.toBe('');
  });

  it('answers alike for a new, a pending and a confirmed address, and emails a pending one at most every few minutes', async () => {
    const email = someone();
    const first = await subscribe(email).expect(201);
    const [confirmation] = await received(email);
    const pending = await subscribe(email).expect(201);
    await confirm(linkIn(confirmation!, '/newsletter/confirm')).expect(200);
    const confirmed = await subscribe(email).expect(201);
    for (const answer of [pending, confirmed]) {
      expect(answer.body).toEqual(first.body);
      expect(answer.headers['content-length']).toBe(first.headers['content-length']);
    }
    // The confirmation and the welcome: the repeats queued nothing (each answer comes once its request is committed).
    await received(email, 2);
    expect(
      (await mailing.test.db.query('SELECT kind FROM outbox_messages WHERE recipient = $1 ORDER BY id', [email])).rows,
    ).toEqual([{ kind: 'newsletter-confirmation' }, { kind: 'newsletter-welcome' }]);
  });

  it('refuses a used, forged or cross-site confirmation', async () => {
    const email = someone();
    await subscribe(email).expect(201);
    const token = linkIn((await received(email))[0]!, '/newsletter/confirm');
    await post(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`)
      .set('Origin', 'https://evil.example')
      .send({})
      .expect(403);
    await confirm(token).expect(200);
    const used = await confirm(token).expect(410);
    expect(used.body.message).toMatch(/expired or has already been used/);
    await confirm(`${token.slice(0, -2)}xx`).expect(410);
    await confirm('').expect(410);
    const otherKey = signedLinks('not-the-gateway-key-but-32-characters-long').sign(
      'newsletter-confirm',
      'abc',
      new Date(Date.now() + 60_000),
    );
    await confirm(otherKey).expect(410);
  });

  it('unsubscribes in one click from the List-Unsubscribe header (RFC 8058), deleting the address', async () => {
    const email = someone();
    await subscribe(email).expect(201);
    await confirm(linkIn((await received(email))[0]!, '/newsletter/confirm')).expect(200);
    const welcome = (await received(email, 2))[1]!;
    const oneClick = new URL(/<([^>]+)>/.exec(rawHeader(welcome, 'list-unsubscribe') ?? '')![1]!);
    expect(oneClick.origin).toBe(SITE);

    // A mail program posts the form body RFC 8058 names, with no Origin and no cookie.
    await post(`${oneClick.pathname}${oneClick.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { done: true });
    expect(await subscription(email)).toBeNull();
    const { rows } = await mailing.test.db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM outbox_messages WHERE recipient = $1',
      [email],
    );
    expect(rows[0]!.n).toBe(0);
    // Again: still fine (the link may be clicked twice), and a forged one is refused.
    await post(`${oneClick.pathname}${oneClick.search}`).expect(200);
    await post('/api/newsletter/unsubscribe?token=1.0.forged').expect(400);
  });

  it('deletes sign-ups never confirmed once their link has expired (moved clock)', async () => {
    const [stale, fresh, confirmedEmail] = [someone(), someone(), someone()];
    for (const email of [stale, fresh, confirmedEmail]) await subscribe(email).expect(201);
    await confirm(linkIn((await received(confirmedEmail))[0]!, '/newsletter/confirm')).expect(200);
    await mailing.test.db.query(
      `UPDATE newsletter_subscriptions SET confirmation_expires_at = now() - interval '1 day' WHERE email = $1`,
      [stale],
    );
    const newsletter = newsletterSubscriptions(mailing.test.db, signedLinks(TEST_SIGNING_SECRET), () => undefined);
    const inFourDays = new Date(Date.now() + 4 * 24 * 60 * 60_000);

    expect(await newsletter.expireUnconfirmed(new Date())).toBeGreaterThanOrEqual(1);
    expect([await subscription(stale), await subscription(fresh), await subscription(confirmedEmail)]).toEqual([
      null,
      'pending',
      'confirmed',
    ]);
    await newsletter.expireUnconfirmed(inFourDays);
    expect([await subscription(fresh), await subscription(confirmedEmail)]).toEqual([null, 'confirmed']);
  });

  it('delivers a contact message to the party’s inbox, to be answered by replying', async () => {
    const email = someone();
    await post('/api/contact')
      .send({
        name: 'Ada Lovelace',
        email,
        subject: 'policy',
        message: 'How will the audit office be funded?',
        privacy: true,
      })
      .expect(201);
    const inbox = await received(INBOX);
    const message = inbox.find((mail) => mail.replyTo?.text === email)!;
    expect(message.subject).toBe('Contact form · Policy question or idea · Ada Lovelace');
    expect(message.text).toContain('How will the audit office be funded?');
    expect(mailTo(email)).toHaveLength(0);
  });
});
