import request from 'supertest';
import { dataRightsLinks } from '@party/shared-contracts';
import { signedLinks } from '../../platform/email/signed-links.js';
import { mailingGateway, TEST_SITE as SITE } from '../../testing/mailing-gateway.js';
import { testDatabaseKind } from '../../testing/test-databases.js';
import { TEST_SIGNING_SECRET } from '../../testing/test-gateway.js';

let people = 0;
const someone = () => `person${++people}@example.org`;

describe.each([testDatabaseKind])('data rights for anyone, on %s', (kind) => {
  const mailing = mailingGateway(kind, { PUBLIC_ORIGIN: SITE });
  const post = (path: string) => request(mailing.gateway.url).post(path).set('Origin', SITE);
  const ask = (email: string, kind: 'copy' | 'erasure') =>
    post(dataRightsLinks.requestEndpoint).send({ email, request: kind });
  const { linkTo } = mailing;
  const redeem = (endpoint: string, token: string) => post(`${endpoint}?token=${encodeURIComponent(token)}`).send();

  it('sends a copy of what is held under an address to its inbox only, once', async () => {
    const email = someone();
    await post('/api/newsletter').send({ email }).expect(201);
    await ask(email, 'copy').expect(202, { received: true });
    const token = await linkTo(email, dataRightsLinks.copyPage, 2);

    const { body, headers } = await redeem(dataRightsLinks.copyEndpoint, token).expect(200);
    expect(headers['content-disposition']).toContain('attachment');
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({
      membership: null,
      newsletterSubscription: { email, status: 'pending' },
      dataRequests: [{ kind: 'copy' }],
    });
    // Once only, and for what it was asked for only.
    await redeem(dataRightsLinks.copyEndpoint, token).expect(410);
    await redeem(dataRightsLinks.erasureEndpoint, token).expect(410);
  });

  it('answers any address alike, and sends one link per kind at most every ten minutes', async () => {
    const email = someone();
    await ask(email, 'erasure').expect(202, { received: true });
    await ask(email, 'erasure').expect(202, { received: true });
    await linkTo(email, dataRightsLinks.erasurePage);
    await ask(email, 'copy').expect(202);
    await linkTo(email, dataRightsLinks.copyPage, 2);
    const { rows } = await mailing.test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(2);
    await ask('not an address', 'copy').expect(400);
    await ask(email, 'everything' as 'copy').expect(400);
  });

  it('erases what the register says may go once the link is followed, and nothing before', async () => {
    const email = someone();
    await post('/api/contact')
      .send({ name: 'Ada Lovelace', email, subject: 'policy', message: 'Which evidence supports this?', privacy: true })
      .expect(201);
    await ask(email, 'erasure').expect(202);
    const token = await linkTo(email, dataRightsLinks.erasurePage);
    const held = async () =>
      (
        await mailing.test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages WHERE email = $1', [
          email,
        ])
      ).rows[0]!.n;
    expect(await held()).toBe(1);

    await redeem(dataRightsLinks.erasureEndpoint, token).expect(200, { erased: true });
    expect(await held()).toBe(0);
    const { rows } = await mailing.test.db.query(
      `SELECT 1 FROM outbox_messages WHERE recipient = $1 OR reply_to = $1 UNION ALL SELECT 1 FROM data_requests WHERE email = $1`,
      [email],
    );
    expect(rows).toEqual([]);
    await redeem(dataRightsLinks.erasureEndpoint, token).expect(410);
  });

  it('refuses an altered, expired or cross-site link', async () => {
    const email = someone();
    await ask(email, 'copy').expect(202);
    const token = await linkTo(email, dataRightsLinks.copyPage);
    await redeem(dataRightsLinks.copyEndpoint, `${token}x`).expect(410);
    await request(mailing.gateway.url)
      .post(`${dataRightsLinks.copyEndpoint}?token=${encodeURIComponent(token)}`)
      .set('Origin', 'https://elsewhere.example')
      .send()
      .expect(403);
    const expired = signedLinks(TEST_SIGNING_SECRET).sign(
      'data-request',
      'a-nonce-nobody-holds',
      new Date(Date.now() - 1000),
    );
    await redeem(dataRightsLinks.copyEndpoint, expired).expect(410);
    await mailing.test.db.query(`UPDATE data_requests SET expires_at = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);
    await redeem(dataRightsLinks.copyEndpoint, token).expect(410);
  });
});
