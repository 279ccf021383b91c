import request from 'supertest';
import { dataRightsLinks } from '@party/shared-contracts';
import { migrate } from '../../platform/db/migrate.js';
import { signedLinks } from '../email/signed-links.js';
import { eventually } from '../../testing/eventually.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway, TEST_SIGNING_SECRET, type TestGateway } from '../../testing/test-gateway.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/test-smtp-server.js';

const SITE = 'https://party.example';
let people = 0;
const someone = () => `person${++people}@example.org`;

describe.each(testDatabaseKinds)('data rights for anyone, on %s', (kind) => {
  let test: TestDatabase;
  let smtp: TestSmtpServer;
  let gateway: TestGateway;
  const post = (path: string) => request(gateway.url).post(path).set('Origin', SITE);
  const ask = (email: string, kind: 'copy' | 'erasure') =>
    post(dataRightsLinks.requestEndpoint).send({ email, request: kind });
  /** The token of the link the last email to `email` holds for `page`, once it has arrived. */
  const linkTo = async (email: string, page: string, count = 1) => {
    const mails = () => smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
    await eventually(() => mails().length >= count);
    const text = mails()[count - 1]?.text ?? '';
    return decodeURIComponent(new RegExp(`${SITE}${page}\\?token=(\\S+)`).exec(text)?.[1] ?? '');
  };
  const redeem = (endpoint: string, token: string) => post(`${endpoint}?token=${encodeURIComponent(token)}`).send();

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    smtp = await startTestSmtpServer();
    gateway = await startTestGateway(test.db, {
      FORM_RATE_LIMIT: '1000',
      OUTBOX_WORKER: 'true',
      OUTBOX_POLL_MS: '50',
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: SITE,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await smtp.close();
    await test.dispose();
  });

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
    const { rows } = await test.db.query<{ n: number }>(
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
      (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages WHERE email = $1', [email]))
        .rows[0]!.n;
    expect(await held()).toBe(1);

    await redeem(dataRightsLinks.erasureEndpoint, token).expect(200, { erased: true });
    expect(await held()).toBe(0);
    const { rows } = await test.db.query(
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
    await request(gateway.url)
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
    await test.db.query(`UPDATE data_requests SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    await redeem(dataRightsLinks.copyEndpoint, token).expect(410);
  });
});
