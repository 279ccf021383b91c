import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { verify } from '@node-rs/argon2';
import { pino } from 'pino';
import request from 'supertest';
import type { ContactMessage, MembershipRegistration, VolunteerSignup } from '@party/shared-contracts';
import { createApp } from '../app.js';
import { readConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../db/test-databases.js';
import { memoryRateLimitStore } from '../rate-limit/memory-rate-limit-store.js';
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';
import { redisRateLimitStore } from '../rate-limit/redis-rate-limit-store.js';

const contact: ContactMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'policy',
  message: 'How will the audit office be funded?',
  privacy: true,
};

const membership: MembershipRegistration = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.org',
  password: 'correct horse battery',
  address: '1 Main Street',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  membershipTier: 'member',
  agreeToTerms: true,
};

const volunteer: VolunteerSignup = {
  name: 'Katherine Johnson',
  email: 'kj@example.org',
  interests: ['research', 'digital'],
  availability: 'weekends',
  privacy: true,
};

interface RunningGateway {
  url: string;
  logs: string[];
  close(): Promise<void>;
}

/** The gateway on an ephemeral port of this machine, as the browser meets it. */
async function startGateway(
  db: Database,
  env: NodeJS.ProcessEnv = {},
  rateLimitStore: RateLimitStore = memoryRateLimitStore(),
): Promise<RunningGateway> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = readConfig({ SERVE_SITE: 'false', LOG_LEVEL: 'info', ...env });
  const app = createApp({ config, db, logger: pino({ level: 'info' }, sink), rateLimitStore });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Someone other than every earlier test, so that tests share one database. */
let people = 0;
const someone = (email: string) => email.replace('@', `+${++people}@`);

describe.each(testDatabaseKinds)('the form endpoints on %s', (kind) => {
  let test: TestDatabase;
  let gateway: RunningGateway;
  const post = (path: string) => request(gateway.url).post(path);

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    gateway = await startGateway(test.db, { FORM_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await gateway.close();
    await test.dispose();
  });

  describe('POST /api/contact', () => {
    it('stores the message with the time of consent, and only the fields of the form', async () => {
      const email = someone(contact.email);
      const response = await post('/api/contact').send({ ...contact, email, id: 99, createdAt: '1999-01-01', isAdmin: true }).expect(201);
      expect(response.body).toEqual({ received: true });

      const { rows } = await test.db.query<Record<string, unknown>>('SELECT * FROM contact_messages WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: contact.name, subject: 'policy', message: contact.message });
      expect(rows[0]?.id).not.toBe(99);
      expect(Date.now() - new Date(rows[0]?.privacy_consented_at as string).getTime()).toBeLessThan(60_000);
      expect(Date.now() - new Date(rows[0]?.created_at as string).getTime()).toBeLessThan(60_000);
    });

    it.each([
      [{ name: 'A' }, { name: 'Name must be at least 2 characters' }],
      [{ email: 'ada' }, { email: 'Please enter a valid email address' }],
      [{ subject: '' }, { subject: 'Please select a subject' }],
      [{ message: '123456789' }, { message: 'Message must be at least 10 characters' }],
      [{ privacy: false }, { privacy: 'You must agree to the privacy policy' }],
    ])('answers 400 naming the invalid field for %j', async (change, fieldErrors) => {
      const response = await post('/api/contact').send({ ...contact, ...change }).expect(400);
      expect(response.body).toEqual({ message: expect.any(String), fieldErrors });
    });
  });

  describe('POST /api/newsletter', () => {
    it('subscribes an address once, answering a repeat exactly like the first time', async () => {
      const email = someone('reader@example.org');
      const first = await post('/api/newsletter').send({ email }).expect(201);
      const again = await post('/api/newsletter').send({ email: `  ${email.toUpperCase()} ` }).expect(201);
      expect(again.body).toEqual(first.body);

      const { rows } = await test.db.query('SELECT email FROM newsletter_subscriptions WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
    });

    it('answers 400 for an empty or invalid address', async () => {
      expect((await post('/api/newsletter').send({ email: ' ' }).expect(400)).body.fieldErrors).toEqual({ email: 'Please enter your email address' });
      expect((await post('/api/newsletter').send({ email: 'reader@' }).expect(400)).body.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    });
  });

  describe('POST /api/membership', () => {
    it('stores an argon2id hash of the password, never the password, and never echoes it', async () => {
      const email = someone(membership.email);
      const response = await post('/api/membership').send({ ...membership, email }).expect(201);
      expect(JSON.stringify(response.body)).not.toContain(membership.password);

      const { rows } = await test.db.query<Record<string, string>>('SELECT * FROM members WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
      const member = rows[0]!;
      expect(member.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(JSON.stringify(member)).not.toContain(membership.password);
      await expect(verify(member.password_hash!, membership.password)).resolves.toBe(true);
      expect(member).toMatchObject({ first_name: 'Grace', region: 'CO', postal_code: '80202', membership_tier: 'member' });
      expect(member.terms_accepted_at).toBeTruthy();
      expect(gateway.logs.join('')).not.toContain(membership.password);
    });

    it('answers a second registration of the same email like the first, keeping the first record unchanged', async () => {
      const email = someone(membership.email);
      const first = await post('/api/membership').send({ ...membership, email }).expect(201);
      const again = await post('/api/membership')
        .send({ ...membership, email: ` ${email.toUpperCase()}`, firstName: 'Impostor', password: 'another password', membershipTier: 'advocate' })
        .expect(201);
      expect(again.body).toEqual(first.body);
      expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());

      const { rows } = await test.db.query<Record<string, string>>('SELECT * FROM members WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Grace', membership_tier: 'member' });
      await expect(verify(rows[0]!.password_hash!, membership.password)).resolves.toBe(true);
    });

    it('answers 400 with every invalid field of an empty form', async () => {
      const response = await post('/api/membership').send({}).expect(400);
      expect(response.body.fieldErrors).toEqual({
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be at least 2 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        address: 'Please enter your address',
        city: 'Please enter your city',
        state: 'Please select your state/county/region',
        zip: 'Please enter a valid postal/ZIP code',
        membershipTier: 'Please select a membership tier',
        agreeToTerms: 'You must agree to the terms and conditions',
      });
    });

    it('answers 400 for a 7-character password and accepts an 8-character one', async () => {
      const short = await post('/api/membership').send({ ...membership, email: someone(membership.email), password: '1234567' }).expect(400);
      expect(short.body.fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
      expect(JSON.stringify(short.body)).not.toContain('1234567');
      await post('/api/membership').send({ ...membership, email: someone(membership.email), password: '12345678' }).expect(201);
    });
  });

  describe('POST /api/volunteer', () => {
    it('stores the sign-up with its interests and the time of consent', async () => {
      const email = someone(volunteer.email);
      await post('/api/volunteer').send({ ...volunteer, email }).expect(201);
      const { rows } = await test.db.query<Record<string, unknown>>('SELECT * FROM volunteer_signups WHERE email = $1', [email]);
      expect(rows).toEqual([expect.objectContaining({ interests: ['research', 'digital'], availability: 'weekends' })]);
      expect(rows[0]?.privacy_consented_at).toBeTruthy();
    });

    it('answers 400 when no area is chosen', async () => {
      const response = await post('/api/volunteer').send({ ...volunteer, interests: [] }).expect(400);
      expect(response.body.fieldErrors).toEqual({ interests: 'Please choose at least one area' });
    });
  });

  describe('every form endpoint', () => {
    const paths = ['/api/contact', '/api/newsletter', '/api/membership', '/api/volunteer'];

    it.each(paths)('%s answers 415 to a body that is not JSON', async (path) => {
      const response = await post(path).set('Content-Type', 'application/x-www-form-urlencoded').send('email=a%40b.org').expect(415);
      expect(response.body.message).toMatch(/JSON/);
      await post(path).expect(415);
    });

    it.each(paths)('%s answers 413 to a body over 16 KB, and 400 to malformed JSON', async (path) => {
      await post(path).send({ ...contact, message: 'x'.repeat(17 * 1024) }).expect(413);
      await post(path).set('Content-Type', 'application/json').send('{"email": ').expect(400);
    });

    it.each(paths)('%s refuses a page of another site with 403, and accepts its own', async (path) => {
      const foreign = await post(path).set('Origin', 'https://evil.example').send({ email: 'a@b.org' }).expect(403);
      expect(foreign.body.message).toMatch(/own website/);
      await post(path).set('Sec-Fetch-Site', 'cross-site').send({ email: 'a@b.org' }).expect(403);
      await post(path).set('Origin', gateway.url).send({}).expect(400);
    });

    it('carries the security headers on every answer', async () => {
      for (const response of [await post('/api/newsletter').send({ email: someone('h@example.org') }), await post('/api/contact').send({})]) {
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('logs one JSON line per request, without the form', async () => {
      const before = gateway.logs.length;
      await post('/api/contact').send({ ...contact, email: someone('private@example.org') }).expect(201);
      const lines = gateway.logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([expect.objectContaining({ method: 'POST', path: '/api/contact', status: 201, msg: 'request' })]);
      expect(gateway.logs.slice(before).join('')).not.toMatch(/private|Lovelace|audit office/);
    });
  });

  describe('when the database is down', () => {
    it('answers 503 with a clear message and stores nothing', async () => {
      const down: Database = {
        ...test.db,
        query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
        transaction: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      };
      const broken = await startGateway(down);
      try {
        const email = someone(membership.email);
        for (const [path, body] of [
          ['/api/membership', { ...membership, email }],
          ['/api/contact', { ...contact, email }],
          ['/api/newsletter', { email }],
          ['/api/volunteer', { ...volunteer, email }],
        ] as const) {
          const response = await request(broken.url).post(path).send(body).expect(503);
          expect(response.body).toEqual({ message: 'We could not save your submission just now. Please try again in a few minutes.' });
          expect(response.headers['content-type']).toMatch(/^application\/json/);
        }
        const { rows } = await test.db.query('SELECT 1 FROM members WHERE email = $1', [email]);
        expect(rows).toHaveLength(0);
      } finally {
        await broken.close();
      }
    });
  });
});

describe('the form rate limit', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase('pglite');
    await migrate(test.db);
  });
  afterAll(() => test.dispose());

  it('answers 429 with Retry-After once a client passes the limit of an endpoint', async () => {
    const gateway = await startGateway(test.db, { FORM_RATE_LIMIT: '2', FORM_RATE_WINDOW_SECONDS: '30' });
    try {
      const post = () => request(gateway.url).post('/api/newsletter').send({ email: someone('limit@example.org') });
      expect((await post()).headers['ratelimit-remaining']).toBe('1');
      await post().expect(201);
      const refused = await post().expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect(refused.body.message).toMatch(/Too many submissions/);
      // Another endpoint has its own count.
      await request(gateway.url).post('/api/contact').send({ ...contact, email: someone(contact.email) }).expect(201);
    } finally {
      await gateway.close();
    }
  });

  const redisUrl = process.env.REDIS_URL;
  (redisUrl ? it : it.skip)('is shared through Redis by every gateway instance behind a load balancer', async () => {
    const prefix = `test-${process.pid}-${Date.now()}:`;
    const stores = await Promise.all([redisRateLimitStore(redisUrl!, prefix), redisRateLimitStore(redisUrl!, prefix)]);
    const env = { FORM_RATE_LIMIT: '3', FORM_RATE_WINDOW_SECONDS: '30' };
    const gateways = await Promise.all(stores.map((store) => startGateway(test.db, env, store)));
    try {
      const statuses: number[] = [];
      for (const gateway of [...gateways, ...gateways]) {
        statuses.push((await request(gateway.url).post('/api/newsletter').send({ email: someone('lb@example.org') })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.close()));
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('lets submissions through, and logs a warning, while its store is unreachable', async () => {
    const unreachable: RateLimitStore = { hit: () => Promise.reject(new Error('The client is closed')), close: async () => undefined };
    const gateway = await startGateway(test.db, { FORM_RATE_LIMIT: '1' }, unreachable);
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await request(gateway.url).post('/api/newsletter').send({ email: someone('open@example.org') }).expect(201);
      }
      expect(gateway.logs.join('')).toContain('rate limit store unavailable');
    } finally {
      await gateway.close();
    }
  });

  it('sends HSTS when the request came over TLS through a trusted proxy', async () => {
    const gateway = await startGateway(test.db, { TRUST_PROXY: 'true' });
    try {
      const response = await request(gateway.url).post('/api/newsletter').set('X-Forwarded-Proto', 'https').send({ email: someone('tls@example.org') });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await gateway.close();
    }
  });
});
