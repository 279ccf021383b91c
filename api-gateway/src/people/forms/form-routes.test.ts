import { verify } from '@node-rs/argon2';
import request from 'supertest';
import {
  membershipRegistrationExample,
  type ContactMessage,
  type EventRegistration,
  type VolunteerSignup,
} from '@party/shared-contracts';
import { migrate } from '../../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { switchableDatabase } from '../../testing/switchable-database.js';
import { scheduleTestEvent } from '../../testing/test-events.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';

const contact: ContactMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'policy',
  message: 'How will the audit office be funded?',
  privacy: true,
};

const membership = membershipRegistrationExample();

const volunteer: VolunteerSignup = {
  name: 'Katherine Johnson',
  email: 'kj@example.org',
  interests: ['research', 'digital'],
  availability: 'weekends',
  privacy: true,
};

/** A place at the test's first event (made in beforeAll). */
const eventPlace: Omit<EventRegistration, 'eventId'> = {
  name: 'Mary Jackson',
  email: 'mj@example.org',
  privacy: true,
};

/** Someone other than every earlier test, so that tests share one database. */
let people = 0;
const someone = (email: string) => email.replace('@', `+${++people}@`);

describe.each([testDatabaseKind])('the form endpoints on %s', (kind) => {
  let test: TestDatabase;
  let gateway: TestGateway;
  let events: [string, string];
  const post = (path: string) => request(gateway.url).post(path);

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
    events = [(await scheduleTestEvent(test.db)).id, (await scheduleTestEvent(test.db)).id];
  });
  afterAll(async () => {
    await gateway.close();
    await test.dispose();
  });

  describe('POST /api/contact', () => {
    it('stores the message with the time of consent, and only the fields of the form', async () => {
      const email = someone(contact.email);
      const response = await post('/api/contact')
        .send({ ...contact, email, id: 99, createdAt: '1999-01-01', isAdmin: true })
        .expect(201);
      expect(response.body).toEqual({ received: true });

      const { rows } = await test.db.query<Record<string, unknown>>('SELECT * FROM contact_messages WHERE email = $1', [
        email,
      ]);
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
      const response = await post('/api/contact')
        .send({ ...contact, ...change })
        .expect(400);
      expect(response.body).toEqual({ message: expect.any(String), fieldErrors });
    });
  });

  describe('POST /api/newsletter', () => {
    it('subscribes an address once, answering a repeat exactly like the first time', async () => {
      const email = someone('reader@example.org');
      const first = await post('/api/newsletter').send({ email }).expect(201);
      const again = await post('/api/newsletter')
        .send({ email: `  ${email.toUpperCase()} ` })
        .expect(201);
      expect(again.body).toEqual(first.body);

      const { rows } = await test.db.query('SELECT email FROM newsletter_subscriptions WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
    });

    it('writes a repeat as it writes a first sign-up, so that its timing tells nothing (decision 0007)', async () => {
      const email = someone('timing@example.org');
      await post('/api/newsletter').send({ email }).expect(201);
      const version = () =>
        test.db.query<{ xmin: string }>('SELECT xmin::text FROM newsletter_subscriptions WHERE email = $1', [email]);
      const before = (await version()).rows[0]?.xmin;
      await post('/api/newsletter').send({ email }).expect(201);
      expect((await version()).rows[0]?.xmin).not.toBe(before);
    });

    it('answers 400 for an empty or invalid address', async () => {
      expect((await post('/api/newsletter').send({ email: ' ' }).expect(400)).body.fieldErrors).toEqual({
        email: 'Please enter your email address',
      });
      expect((await post('/api/newsletter').send({ email: 'reader@' }).expect(400)).body.fieldErrors).toEqual({
        email: 'Please enter a valid email address',
      });
    });
  });

  describe('POST /api/membership', () => {
    it('stores an argon2id hash of the password, never the password, and never echoes it', async () => {
      const email = someone(membership.email);
      const response = await post('/api/membership')
        .send({ ...membership, email })
        .expect(201);
      expect(JSON.stringify(response.body)).not.toContain(membership.password);

      const { rows } = await test.db.query<Record<string, string>>('SELECT * FROM members WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
      const member = rows[0]!;
      expect(member.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(JSON.stringify(member)).not.toContain(membership.password);
      await expect(verify(member.password_hash!, membership.password)).resolves.toBe(true);
      expect(member).toMatchObject({
        first_name: 'Grace',
        region: 'CO',
        postal_code: '80202',
        membership_tier: 'member',
      });
      expect(member.terms_accepted_at).toBeTruthy();
      expect(gateway.logs.join('')).not.toContain(membership.password);
    });

    it('answers a second registration of a member’s email like the first, keeping the member’s record unchanged', async () => {
      const email = someone(membership.email);
      const first = await post('/api/membership')
        .send({ ...membership, email })
        .expect(201);
      // Confirmed (a pending registration is replaced by the next: members/member-routes.test.ts).
      await test.db.query(`UPDATE members SET status = 'active', confirmed_at = now() WHERE email = $1`, [email]);
      const again = await post('/api/membership')
        .send({
          ...membership,
          email: ` ${email.toUpperCase()}`,
          firstName: 'Impostor',
          password: 'another password',
          membershipTier: 'advocate',
        })
        .expect(201);
      expect(again.body).toEqual(first.body);
      expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());

      const { rows } = await test.db.query<Record<string, string>>('SELECT * FROM members WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Grace', membership_tier: 'member' });
      await expect(verify(rows[0]!.password_hash!, membership.password)).resolves.toBe(true);
      // The repeat wrote a row version, as a first registration does.
      expect(new Date(rows[0]!.last_registration_attempt_at!).getTime()).toBeGreaterThan(
        new Date(rows[0]!.created_at!).getTime(),
      );
    });

    it('refuses registrations at once with 503 and Retry-After when every password hashing slot is taken', async () => {
      const busy = await startTestGateway(test.db, {
        FORM_RATE_LIMIT: '1000',
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '0',
      });
      try {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            request(busy.url)
              .post('/api/membership')
              .send({ ...membership, email: someone(membership.email) }),
          ),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses[0]).toBe(201);
        expect(statuses).toContain(503);
        const refused = answers.find((answer) => answer.status === 503)!;
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.body.message).toMatch(/try again in a few seconds/);
      } finally {
        await busy.close();
      }
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
      const short = await post('/api/membership')
        .send({ ...membership, email: someone(membership.email), password: '1234567' })
        .expect(400);
      expect(short.body.fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
      expect(JSON.stringify(short.body)).not.toContain('1234567');
      await post('/api/membership')
        .send({ ...membership, email: someone(membership.email), password: 'kx7#tq2v' })
        .expect(201);
    });

    it('refuses one of the most used passwords, whatever its case, under its field', async () => {
      for (const password of ['12345678', 'Password1', 'QWERTYUIOP']) {
        const refused = await post('/api/membership')
          .send({ ...membership, email: someone(membership.email), password })
          .expect(400);
        expect(refused.body.fieldErrors).toEqual({
          password: 'This password is one of the most used, and the first an attacker would try: please choose another',
        });
      }
    });
  });

  describe('POST /api/volunteer', () => {
    it('stores the sign-up with its interests and the time of consent', async () => {
      const email = someone(volunteer.email);
      await post('/api/volunteer')
        .send({ ...volunteer, email })
        .expect(201);
      const { rows } = await test.db.query<Record<string, unknown>>(
        'SELECT * FROM volunteer_signups WHERE email = $1',
        [email],
      );
      expect(rows).toEqual([expect.objectContaining({ interests: ['research', 'digital'], availability: 'weekends' })]);
      expect(rows[0]?.privacy_consented_at).toBeTruthy();
    });

    it('answers 400 when no area is chosen', async () => {
      const response = await post('/api/volunteer')
        .send({ ...volunteer, interests: [] })
        .expect(400);
      expect(response.body.fieldErrors).toEqual({ interests: 'Please choose at least one area' });
    });
  });

  describe('POST /api/event-registrations', () => {
    it('stores a place with its consent record; registering again answers the same and keeps one', async () => {
      const email = someone(eventPlace.email);
      const first = await post('/api/event-registrations')
        .send({ ...eventPlace, eventId: events[0], email })
        .expect(201);
      const again = await post('/api/event-registrations')
        .send({ ...eventPlace, eventId: events[0], email, name: 'M. Jackson' })
        .expect(201);
      expect(again.body).toEqual(first.body);
      const { rows } = await test.db.query<Record<string, unknown>>(
        'SELECT event_id, name FROM event_registrations WHERE email = $1',
        [email],
      );
      expect(rows).toEqual([{ event_id: events[0], name: 'Mary Jackson' }]);
      const consent = await test.db.query('SELECT form, document FROM consent_records WHERE email = $1', [email]);
      expect(consent.rows).toEqual([{ form: 'event-registration', document: 'privacy-policy' }]);

      await post('/api/event-registrations')
        .send({ ...eventPlace, email, eventId: events[1] })
        .expect(201);
      const places = await test.db.query('SELECT event_id FROM event_registrations WHERE email = $1 ORDER BY id', [
        email,
      ]);
      expect(places.rows).toEqual([{ event_id: events[0] }, { event_id: events[1] }]);
    });

    it('answers 400 to an event id that is not one', async () => {
      const response = await post('/api/event-registrations')
        .send({ ...eventPlace, eventId: '../../etc' })
        .expect(400);
      expect(response.body.fieldErrors).toEqual({ eventId: 'Unknown event' });
    });
  });

  describe('every form endpoint', () => {
    const paths = ['/api/contact', '/api/newsletter', '/api/membership', '/api/volunteer', '/api/event-registrations'];

    it.each(paths)('%s answers 415 to a body that is not JSON', async (path) => {
      const response = await post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('email=a%40b.org')
        .expect(415);
      expect(response.body.message).toMatch(/JSON/);
      await post(path).expect(415);
    });

    it.each(paths)('%s answers 413 to a body over 16 KB, and 400 to malformed JSON', async (path) => {
      await post(path)
        .send({ ...contact, message: 'x'.repeat(17 * 1024) })
        .expect(413);
      await post(path).set('Content-Type', 'application/json').send('{"email": ').expect(400);
    });

    it.each(paths)('%s refuses a page of another site with 403, and accepts its own', async (path) => {
      const foreign = await post(path).set('Origin', 'https://evil.example').send({ email: 'a@b.org' }).expect(403);
      expect(foreign.body.message).toMatch(/own website/);
      await post(path).set('Sec-Fetch-Site', 'cross-site').send({ email: 'a@b.org' }).expect(403);
      await post(path).set('Origin', gateway.url).send({}).expect(400);
    });

    it('carries the security headers on every answer', async () => {
      for (const response of [
        await post('/api/newsletter').send({ email: someone('h@example.org') }),
        await post('/api/contact').send({}),
      ]) {
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // No other site may embed an answer that may hold personal data.
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        // Browsers ignore HSTS over plain HTTP; behind TLS it keeps them on HTTPS.
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    });

    it('logs one JSON line per request, without the form', async () => {
      const before = gateway.logs.length;
      await post('/api/contact')
        .send({ ...contact, email: someone('private@example.org') })
        .expect(201);
      const lines = gateway.logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([
        expect.objectContaining({ method: 'POST', path: '/api/contact', status: 201, msg: 'request' }),
      ]);
      expect(gateway.logs.slice(before).join('')).not.toMatch(/private|Lovelace|audit office/);
    });
  });

  describe('when the database is down', () => {
    it('answers 503 with a clear message and stores nothing', async () => {
      const database = switchableDatabase(test.db);
      const broken = await startTestGateway(database.db);
      database.state.down = true;
      try {
        const email = someone(membership.email);
        for (const [path, body] of [
          ['/api/membership', { ...membership, email }],
          ['/api/contact', { ...contact, email }],
          ['/api/newsletter', { email }],
          ['/api/volunteer', { ...volunteer, email }],
          ['/api/event-registrations', { ...eventPlace, eventId: events[0], email }],
        ] as const) {
          const response = await request(broken.url).post(path).send(body).expect(503);
          expect(response.body).toEqual({
            message: 'We could not save your submission just now. Please try again in a few minutes.',
          });
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
