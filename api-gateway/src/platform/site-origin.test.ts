import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { dataRightsLinks, memberLinks, membershipRegistrationExample, newsletterLinks } from '@party/shared-contracts';
import { migrate } from './db/migrate.js';
import { configuredSiteOrigin } from './site-origin.js';
import { eventually } from '../testing/eventually.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { signedInStaff } from '../testing/staff-session.js';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.js';

describe('the site’s origin', () => {
  it('is PUBLIC_ORIGIN, else a loopback listener’s own address; beyond loopback it is required', () => {
    const configured = configuredSiteOrigin({
      publicOrigin: 'https://party.example',
      host: '0.0.0.0',
      port: 3999,
      allowedOrigins: [],
    });
    configured.listening('http://localhost:3999');
    expect(configured.href).toBe('https://party.example');
    expect(configured.owns('http://localhost:3999')).toBe(false);

    const local = configuredSiteOrigin({
      publicOrigin: null,
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: ['http://localhost:3000'],
    });
    expect(() => local.href).toThrow(/PUBLIC_ORIGIN/);
    local.listening('http://127.0.0.1:3999');
    expect(local.href).toBe('http://127.0.0.1:3999');
    expect(['http://127.0.0.1:3999', 'http://localhost:3999', 'http://localhost:3000'].every(local.owns)).toBe(true);
    expect(local.owns('http://evil.example')).toBe(false);
    expect(configuredSiteOrigin({ publicOrigin: null, host: 'localhost', port: 3999, allowedOrigins: [] }).href).toBe(
      'http://localhost:3999',
    );

    expect(() => configuredSiteOrigin({ publicOrigin: null, host: '0.0.0.0', port: 3999, allowedOrigins: [] })).toThrow(
      /^PUBLIC_ORIGIN is not set, and the gateway listens on 0\.0\.0\.0/,
    );
  });
});

/**
 * Password-reset poisoning (OWASP): every request that makes the site send an email, with Host and
 * X-Forwarded-Host naming the attacker's domain, from behind a trusted proxy that would pass them on.
 */
describe('a forged Host or X-Forwarded-Host', () => {
  let test: TestDatabase;
  let gateway: TestGateway;
  let mailDir: string;
  const EVIL = 'evil.example';
  const forged = (call: request.Test) =>
    call.set('Host', EVIL).set('X-Forwarded-Host', EVIL).set('X-Forwarded-Proto', 'https');
  const post = (route: string, cookie = '') =>
    forged(request(gateway.url).post(route)).set('Origin', gateway.url).set('Cookie', cookie);

  const emails = () => fs.readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
  /** Every link in every email written so far. */
  const emailedLinks = async () => {
    const mails = await Promise.all(emails().map((file) => simpleParser(fs.readFileSync(path.join(mailDir, file)))));
    return mails.flatMap((mail) =>
      [
        ...`${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`.matchAll(
          /https?:\/\/[^\s"'<>)]*[^\s"'<>).,;:]/g,
        ),
      ].map(([link]) => link.replaceAll('&amp;', '&')),
    );
  };
  /** The token of the emailed link to `page`, once its email is written. */
  const tokenTo = async (page: string) => {
    const linkTo = async () => (await emailedLinks()).map((link) => new URL(link)).find((url) => url.pathname === page);
    await eventually(async () => Boolean(await linkTo()));
    return encodeURIComponent((await linkTo())!.searchParams.get('token')!);
  };

  beforeAll(async () => {
    test = await openTestDatabase('pglite');
    await migrate(test.db);
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-forged-host-'));
    gateway = await startTestGateway(test.db, {
      FORM_RATE_LIMIT: '1000',
      OUTBOX_WORKER: 'true',
      OUTBOX_POLL_MS: '50',
      MAIL_DIR: mailDir,
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await test.dispose();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it('changes no link in any email the site sends, and a page of that host may not post at all', async () => {
    await forged(request(gateway.url).post(dataRightsLinks.requestEndpoint))
      .set('Origin', `http://${EVIL}`)
      .send({ email: 'victim@example.org', request: 'copy' })
      .expect(403);

    await post(dataRightsLinks.requestEndpoint).send({ email: 'victim@example.org', request: 'copy' }).expect(202);
    await post('/api/newsletter').send({ email: 'reader@example.org' }).expect(201);
    await post('/api/contact')
      .send({
        name: 'Ada Lovelace',
        email: 'writer@example.org',
        subject: 'policy',
        message: 'How will the audit office be funded?',
        privacy: true,
      })
      .expect(201);
    const member = membershipRegistrationExample({ email: 'member@example.org' });
    await post('/api/membership').send(member).expect(201);
    await post(`${memberLinks.confirmEndpoint}?token=${await tokenTo(memberLinks.confirmPage)}`)
      .send({ password: member.password })
      .expect(200);
    await post(memberLinks.passwordResetEndpoint).send({ email: member.email }).expect(202);
    await post(`${newsletterLinks.confirmEndpoint}?token=${await tokenTo(newsletterLinks.confirmPage)}`)
      .send({})
      .expect(200);

    const administrator = await signedInStaff(gateway.url, test.db, 'administrator', 'admin@party.example');
    const invited = await post('/api/staff/accounts', administrator.cookie)
      .send({ email: 'new.staff@party.example', name: 'New Staff', role: 'communications' })
      .expect(201);
    await post(`/api/staff/accounts/${(invited.body as { id: number }).id}/password-link`, administrator.cookie).expect(
      204,
    );
    const [message] = (
      await forged(request(gateway.url).get('/api/staff/messages')).set('Cookie', administrator.cookie).expect(200)
    ).body as { id: number }[];
    await post(`/api/staff/messages/${message!.id}/reply`, administrator.cookie)
      .send({ text: 'The audit office is funded from the savings it finds.' })
      .expect(202);
    await post('/api/staff/newsletters', administrator.cookie)
      .send({
        subject: 'The audit office, a year on',
        body: 'Dear reader,\n\nA year ago we proposed an audit office for every programme. Here is what it found.',
        confirmed: true,
      })
      .expect(202);

    const kinds = [
      ...[
        'data request',
        'newsletter confirmation',
        'newsletter welcome',
        'contact message',
        'membership confirmation',
        'password reset',
      ],
      ...['staff invitation', 'staff password link', 'staff reply', 'newsletter issue'],
    ];
    await eventually(() => emails().length >= kinds.length, 10_000);
    const links = await emailedLinks();
    expect(links.length).toBeGreaterThan(kinds.length);
    expect(links.filter((link) => new URL(link).origin !== gateway.url)).toEqual([]);
    expect(JSON.stringify(links)).not.toContain(EVIL);
  });
});
