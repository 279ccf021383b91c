import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  membershipRegistrationExample,
  PAGE_DATA_ELEMENT_ID,
  type MembershipRegistration,
  type PageData,
} from '@party/shared-contracts';
import { eventually } from '../../testing/eventually.js';
import { mailingGateway, TEST_SITE as SITE } from '../../testing/mailing-gateway.js';

// A browser's own post of a page form (docs/decisions/0036), through the gateway as server.ts
// composes it: the JSON endpoint's guards and schema, answered with a 303 or the page again.
const { password: PASSWORD } = membershipRegistrationExample();

const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'page-forms-site-'));
beforeAll(() => writeSite(siteRoot));
afterAll(() => fs.rmSync(siteRoot, { recursive: true, force: true }));
const mailing = mailingGateway('pglite', {
  SERVE_SITE: 'true',
  SITE_ROOT: siteRoot,
  PUBLIC_ORIGIN: SITE,
  FORM_RATE_LIMIT: '3',
});
const { mailTo } = mailing;
let people = 0;
const someone = () => `reader${++people}@example.org`;

function writeSite(root: string) {
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    'shell/dist/page-assets.json': JSON.stringify({ scripts: [], stylesheets: [], inlineScripts: [] }),
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
}

const pageDataOf = (html: string): PageData | null => {
  const json = new RegExp(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  return json ? (JSON.parse(json[1]!) as PageData) : null;
};

/** Posted as a browser posts a form: urlencoded, from the site's own page. */
const post = (page: string, fields: Record<string, string>, origin = SITE) =>
  request(mailing.gateway.url)
    .post(page)
    .set('Origin', origin)
    .type('form')
    .send(new URLSearchParams(fields).toString());

const received = async (address: string) => (await mailing.received(address))[0]!;

/** A membership registered as the join page's form posts it; the confirmation link of its email. */
async function joinedByPage(
  email: string,
  membershipTier: MembershipRegistration['membershipTier'],
  client: string,
): Promise<string> {
  await post('/join', {
    _form: 'membership',
    ...Object.fromEntries(
      Object.entries(membershipRegistrationExample({ email, membershipTier })).map(([name, value]) => [
        name,
        String(value),
      ]),
    ),
    agreeToTerms: 'on',
  })
    .set('X-Forwarded-For', client)
    .expect(303)
    .expect('Location', `/membership-confirmation?tier=${membershipTier}`);
  return /\/membership\/confirm\?token=\S+/.exec((await received(email)).text!)![0];
}

describe('a page form posted without the page’s code', () => {
  it('is sent: a 303 to the page, which says so', async () => {
    const email = someone();
    await post('/contact', {
      _form: 'contact',
      name: 'Ada Lovelace',
      email,
      subject: 'policy',
      message: 'Which evidence supports the open procurement proposal?',
      privacy: 'on',
    })
      .set('X-Forwarded-For', '198.51.100.1')
      .expect(303)
      .expect('Location', '/contact?sent=contact#form-contact');
  });

  it('with mistakes, is the page again for this visitor alone: the status, each field’s message and what was typed', async () => {
    const response = await post('/contact', { _form: 'contact', name: 'A', message: 'short' })
      .set('X-Forwarded-For', '198.51.100.2')
      .expect(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const { formSubmission } = pageDataOf(response.text)!;
    expect(formSubmission).toMatchObject({
      form: 'contact',
      values: { name: 'A', message: 'short', privacy: false },
      fieldErrors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        subject: 'Please select a subject',
        message: 'Message must be at least 10 characters',
        privacy: 'You must agree to the privacy policy',
      },
    });
  });

  it('from another site is refused as the JSON endpoint refuses it, and sends nothing', async () => {
    const email = someone();
    const response = await post('/contact', { _form: 'newsletter', email }, 'https://evil.example')
      .set('X-Forwarded-For', '198.51.100.3')
      .expect(403);
    expect(pageDataOf(response.text)!.formSubmission).toMatchObject({ form: 'newsletter', values: { email } });
    expect(mailTo(email)).toEqual([]);
  });

  it('is counted by the same rate limit as the JSON endpoint', async () => {
    const client = '198.51.100.4';
    for (let sent = 0; sent < 3; sent += 1)
      await post('/contact', { _form: 'newsletter', email: someone() }).set('X-Forwarded-For', client).expect(303);
    const limited = await post('/contact', { _form: 'newsletter', email: someone() })
      .set('X-Forwarded-For', client)
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(pageDataOf(limited.text)!.formSubmission!.form).toBe('newsletter');
    await request(mailing.gateway.url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', client)
      .send({ email: someone() })
      .expect(429);
  });

  it('that is not a page form is not one: a JSON 404', async () => {
    await post('/contact', { _form: 'staffSignIn', email: someone() }).expect(404).expect('Content-Type', /json/);
  });

  it('signs a member in: their area, rendered for them alone, with their account; never the password', async () => {
    const email = someone();
    const confirm = await joinedByPage(email, 'advocate', '198.51.100.5');
    const wrong = await post(confirm, { _form: 'membershipConfirmation', password: 'not the password' })
      .set('X-Forwarded-For', '198.51.100.8')
      .expect(400);
    expect(pageDataOf(wrong.text)!.formSubmission).toMatchObject({
      form: 'membershipConfirmation',
      values: {},
      fieldErrors: { password: expect.stringMatching(/^That is not the password you chose/) },
    });
    await post(confirm, { _form: 'membershipConfirmation', password: PASSWORD })
      .set('X-Forwarded-For', '198.51.100.8')
      .expect(303)
      .expect('Location', '/members/account');

    const refused = await post('/members/sign-in', { _form: 'memberSignIn', email, password: 'not the password' })
      .set('X-Forwarded-For', '198.51.100.6')
      .expect(401);
    expect(refused.text).not.toContain('not the password');
    expect(pageDataOf(refused.text)!.formSubmission).toEqual({
      form: 'memberSignIn',
      status: 401,
      values: { email },
      fieldErrors: {},
      message: expect.stringMatching(/^That email and password do not match a confirmed membership/),
    });

    const signedIn = await post('/members/sign-in', { _form: 'memberSignIn', email, password: PASSWORD })
      .set('X-Forwarded-For', '198.51.100.7')
      .expect(303)
      .expect('Location', '/members/account');
    const cookies = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
    const account = await request(mailing.gateway.url)
      .get('/members/account')
      .set('Cookie', cookies.join('; '))
      .expect(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(pageDataOf(account.text)!.memberAccount).toMatchObject({ email, membershipTier: 'advocate' });

    const everyone = await request(mailing.gateway.url).get('/members/account').expect(200);
    expect(everyone.headers['cache-control']).toBe('no-cache');
    expect(pageDataOf(everyone.text)).toBeNull();

    const signedOut = await post('/members/account', { _form: 'memberSignOut' })
      .set('Cookie', cookies.join('; '))
      .set('X-Forwarded-For', '198.51.100.7')
      .expect(303)
      .expect('Location', '/');
    expect(([] as string[]).concat(signedOut.headers['set-cookie'] ?? []).join('\n')).toMatch(/party_member=;/);
    const after = await request(mailing.gateway.url)
      .get('/members/account')
      .set('Cookie', cookies.join('; '))
      .expect(200);
    expect(pageDataOf(after.text)).toBeNull();
  });

  it('asks for a new password, and sets it from the emailed link, which then is spent', async () => {
    const email = someone();
    const confirm = await joinedByPage(email, 'member', '198.51.100.9');
    await post(confirm, { _form: 'membershipConfirmation', password: PASSWORD })
      .set('X-Forwarded-For', '198.51.100.9')
      .expect(303);
    await post('/members/forgot-password', { _form: 'passwordResetRequest', email })
      .set('X-Forwarded-For', '198.51.100.9')
      .expect(303)
      .expect('Location', '/members/forgot-password?sent=passwordResetRequest#form-passwordResetRequest');
    await eventually(() => mailTo(email).some((mail) => mail.subject === 'Reset your password'));
    const resetMail = mailTo(email).find((mail) => mail.subject === 'Reset your password')!;
    const reset = /\/members\/reset-password\?token=\S+/.exec(resetMail.text!)![0];

    const short = await post(reset, { _form: 'newPassword', password: 'short' })
      .set('X-Forwarded-For', '198.51.100.10')
      .expect(400);
    expect(pageDataOf(short.text)!.formSubmission).toMatchObject({
      form: 'newPassword',
      values: {},
      fieldErrors: { password: 'Password must be at least 8 characters' },
    });
    await post(reset, { _form: 'newPassword', password: 'a brand new password' })
      .set('X-Forwarded-For', '198.51.100.10')
      .expect(303)
      .expect('Location', '/members/account');
    const spent = await post(reset, { _form: 'newPassword', password: 'another new password' })
      .set('X-Forwarded-For', '198.51.100.11')
      .expect(410);
    expect(pageDataOf(spent.text)!.formSubmission).toMatchObject({
      status: 410,
      message: expect.stringMatching(/expired/),
    });
  });
});
