import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { formEndpoints, membershipRegistrationExample } from '@party/shared-contracts';
import { openDatabase } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { FORM_BODY_LIMIT_BYTES } from '../../platform/middleware/json-body.js';
import { startGatewayProcess, type GatewayProcess } from '../../testing/gateway-process.js';

// Malformed bodies per form endpoint, generated from a fixed seed, sent over loopback: the gateway
// answers each with a 4xx (never a 5xx) and stores nothing. Bodies the form contract would accept are
// left out, so that every one sent must be refused. FORM_FUZZ_BODIES sets another count per endpoint.

const BODIES_PER_ENDPOINT = Number(process.env.FORM_FUZZ_BODIES ?? 10_000);
const SEED = 20_261_123;
const PARALLEL = 16;
const TABLES = ['contact_messages', 'newsletter_subscriptions', 'members', 'volunteer_signups', 'event_registrations'];

const validBodies: Record<keyof typeof formEndpoints, Record<string, unknown>> = {
  contact: {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    subject: 'policy',
    message: 'How will the audit office be funded?',
    privacy: true,
  },
  newsletter: { email: 'reader@example.org' },
  membership: membershipRegistrationExample(),
  volunteer: {
    name: 'Katherine Johnson',
    email: 'kj@example.org',
    interests: ['research'],
    availability: 'weekends',
    privacy: true,
  },
  eventRegistration: { eventId: 'town-hall-denver', name: 'Mary Jackson', email: 'mj@example.org', privacy: true },
};

interface Attempt {
  contentType: string;
  body: string;
}

/** Bodies built from a valid form, broken in every way a client could break it. */
function malformed(valid: Record<string, unknown>): fc.Arbitrary<Attempt> {
  const fields = Object.keys(valid);
  const oddValue = fc.oneof(
    fc.jsonValue(),
    fc.string({ unit: 'binary' }),
    fc.constant('\u0000'),
    fc.string().map((text) => `${text}\u0000`),
    fc.constant('x'.repeat(20_000)),
  );
  const brokenForm = fc.oneof(
    fc
      .record({ field: fc.constantFrom(...fields), value: oddValue })
      .map(({ field, value }) => ({ ...valid, [field]: value })),
    fc
      .constantFrom(...fields)
      .map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field))),
    fc
      .dictionary(fc.string(), fc.jsonValue())
      .map((extra) => ({ ...extra, ...valid, __proto__: { isAdmin: true }, email: extra.email ?? 'not an address' })),
  );
  const json = fc.oneof(
    brokenForm.map((form) => JSON.stringify(form)),
    fc
      .jsonValue()
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
      .map((value) => JSON.stringify(value)),
    fc.string({ unit: 'binary' }),
    fc.integer({ min: 1, max: 60 }).map((cut) => JSON.stringify(valid).slice(0, cut)),
    fc.integer({ min: 1, max: 200 }).map((depth) => `${'['.repeat(depth * 50)}${']'.repeat(depth * 50)}`),
  );
  return fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      '',
    ),
    body: json,
  });
}

/** Would the form contract take it? Then it is no malformed body, and not sent. */
function acceptable(
  { contentType, body }: Attempt,
  schema: (typeof formEndpoints)[keyof typeof formEndpoints]['schema'],
): boolean {
  if (
    !contentType.startsWith('application/json') ||
    Buffer.byteLength(body) > FORM_BODY_LIMIT_BYTES ||
    body.includes('\\u0000') ||
    body.includes('\u0000')
  )
    return false;
  try {
    return schema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

describe(`${BODIES_PER_ENDPOINT} malformed bodies per form endpoint`, () => {
  let gateway: GatewayProcess;

  // The gateway in a process of its own, as it runs in production: the client and it each get a core.
  beforeAll(async () => {
    gateway = await startGatewayProcess({ FORM_RATE_LIMIT: '1000000', LOG_LEVEL: 'silent' });
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    if (gateway) await fs.rm(gateway.dataDir, { recursive: true, force: true });
  });

  /** Sends an endpoint its malformed bodies; the answers' statuses and counts. */
  async function fuzz(form: keyof typeof formEndpoints) {
    const { path, schema } = formEndpoints[form];

    const attempts = fc
      .sample(malformed(validBodies[form]), { seed: SEED, numRuns: BODIES_PER_ENDPOINT * 1.1 })
      .filter((attempt) => !acceptable(attempt, schema))
      .slice(0, BODIES_PER_ENDPOINT);
    expect(attempts).toHaveLength(BODIES_PER_ENDPOINT);

    let next = 0;
    const result = await autocannon({
      url: gateway.url,
      connections: PARALLEL,
      amount: attempts.length,
      // autocannon ends a run at its next sample, by default up to a second after the last answer.
      sampleInt: 100,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request) => {
            const { contentType, body } = attempts[next++ % attempts.length]!;
            return { ...request, headers: contentType ? { 'content-type': contentType } : {}, body };
          },
        },
      ],
    });

    return Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => ({
      status: Number(status),
      count: stats.count ?? 0,
    }));
  }

  // One test: the storage is read once the gateway has stopped, after every endpoint had its bodies.
  it('answers every one 4xx, and stores nothing from any of them', async () => {
    for (const form of Object.keys(formEndpoints) as Array<keyof typeof formEndpoints>) {
      const statuses = await fuzz(form);
      expect({ form, notFourHundreds: statuses.filter(({ status }) => status < 400 || status >= 500) }).toEqual({
        form,
        notFourHundreds: [],
      });
      expect({ form, answered: statuses.reduce((sum, { count }) => sum + count, 0) }).toEqual({
        form,
        answered: BODIES_PER_ENDPOINT,
      });
    }

    expect(await gateway.stop()).toBe(0);
    const db = await openDatabase({ kind: 'pglite', dataDir: gateway.dataDir }, createLogger({ logLevel: 'silent' }));
    try {
      for (const table of TABLES) {
        expect((await db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${table}`)).rows[0]?.rows).toBe(0);
      }
    } finally {
      await db.close();
    }
  }, 600_000);
});
