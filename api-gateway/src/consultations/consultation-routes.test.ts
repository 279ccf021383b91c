import request from 'supertest';
import { COMMENT_LIMITS, consultationEndpoint, consultationLinks, consultationOpenData } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { memberSessions } from '../people/members/member-sessions.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.js';
import { consultationRecords } from './consultation-records.js';

let test: TestDatabase;
let gateway: TestGateway;
let cookie: string;
let keys: string[];
const slug = 'open-budgets';

beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  gateway = await startTestGateway(test.db);
  const records = consultationRecords(test.db);
  await records.start(
    {
      slug,
      title: 'Open budgets for every council',
      summary: 'Every council publishes what it spends, line by line, within a month of spending it.',
      policyArea: 'governance',
      closesOn: '2027-01-31',
      paragraphs: [{ text: 'Councils publish every payment above £250.' }, { text: 'As open data, in one format.' }],
    },
    'policy@party.example',
  );
  await records.start(
    {
      slug: 'still-a-draft',
      title: 'Not yet for the public',
      summary: 'A draft that staff have not opened: nobody outside the console reads it.',
      policyArea: 'economy',
      closesOn: '2027-02-28',
      paragraphs: [{ text: 'Secret until opened.' }],
    },
    'policy@party.example',
  );
  await records.changePhase(slug, 'open');
  keys = (await records.view(slug))!.paragraphs.map((paragraph) => paragraph.key);
  const { rows } = await test.db.query<{ id: string }>(
    `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier, terms_accepted_at)
     VALUES ('Ada', 'Lovelace', 'ada@example.org', '$argon2id$test', '1 Main St', 'Denver', 'CO', '80202', 'member', now()) RETURNING id`,
  );
  cookie = `__Host-party_session=${await memberSessions(test.db).start(String(rows[0]!.id))}`;
});
afterAll(async () => {
  await gateway.close();
  await test.dispose();
});

const comment = (body: unknown, as: string | null = cookie) => {
  const post = request(gateway.url)
    .post(`${consultationEndpoint(slug)}/comments`)
    .set('Origin', gateway.url)
    .send(body as object);
  return as ? post.set('Cookie', as) : post;
};
const stored = async () =>
  Number((await test.db.query<{ n: string }>('SELECT count(*) AS n FROM consultation_comments')).rows[0]!.n);

it('lists and shows the consultations the public may read, never a draft', async () => {
  const { body: list } = await request(gateway.url).get(consultationLinks.listEndpoint).expect(200);
  expect(list.map((each: { slug: string }) => each.slug)).toEqual([slug]);
  await request(gateway.url).get(consultationEndpoint('still-a-draft')).expect(404);
  await request(gateway.url).get(consultationEndpoint('../etc')).expect(404);
  const { body } = await request(gateway.url).get(consultationEndpoint(slug)).expect(200);
  expect(body).toMatchObject({ slug, phase: 'open', paragraphs: [{ number: 1 }, { number: 2 }] });
});

it('takes a member’s comment, and answers bad input with a clear 4xx, storing nothing', async () => {
  const before = await stored();
  await comment({ paragraph: keys[0], body: 'Why not every payment?' }, null).expect(401, {
    message: 'Sign in as a member to comment.',
  });
  for (const [body, status] of [
    [{ paragraph: keys[0], body: 'x'.repeat(COMMENT_LIMITS.chars + 1) }, 400],
    [{ paragraph: keys[0], body: 'Look <script>alert(1)</script>' }, 400],
    [{ paragraph: keys[0], body: '<b>bold</b> claims' }, 400],
    [{ paragraph: 'pnotthere1', body: 'On nothing at all' }, 400],
    [{ paragraph: keys[0], replyTo: '999999', body: 'To no comment' }, 400],
    [{ body: 'No paragraph' }, 400],
  ] as const) {
    const answer = await comment(body).expect(status);
    expect(answer.body.message).toEqual(expect.any(String));
  }
  expect(await stored()).toBe(before);
  const { body } = await comment({ paragraph: keys[0], body: 'Why not every payment? 3 < 5 anyway.' }).expect(201);
  expect(body.id).toMatch(/^\d+$/);
  expect(await stored()).toBe(before + 1);
});

it('gives its comments as open data, by participant number, with no name or address', async () => {
  await comment({ paragraph: keys[1], body: '=HYPERLINK("https://evil.example")' }).expect(201);
  const json = await request(gateway.url).get(consultationOpenData(slug, 'json')).expect(200);
  expect(json.headers['content-disposition']).toBe(`attachment; filename="${slug}-comments.json"`);
  expect(json.body.comments.length).toBeGreaterThan(0);
  expect(json.body.comments[0]).toMatchObject({ participant: 1, status: 'shown', paragraphNumber: expect.any(Number) });
  const csv = await request(gateway.url).get(consultationOpenData(slug, 'csv')).expect(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [header, ...lines] = csv.text.trim().split('\r\n');
  expect(header).toBe(
    'comment,paragraph,paragraphNumber,writtenOnVersion,replyTo,participant,writtenAt,status,hiddenReason,text',
  );
  // A cell a spreadsheet would run is written as text.
  expect(lines.at(-1)).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
  for (const text of [json.text, csv.text]) {
    expect(text).not.toContain('ada@example.org');
    expect(text).not.toContain('Lovelace');
  }
});
