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
  // The consultations' own limits per person are tested here, not the form limit per network.
  gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
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
  const signedOut = await comment({ paragraph: keys[0], body: 'Why not every payment?' }, null).expect(400);
  expect(signedOut.body.fieldErrors).toEqual({
    email: 'Give your email address: we send you a link that publishes your comment',
  });
  for (const [body, status] of [
    [{ paragraph: keys[0], body: 'x'.repeat(COMMENT_LIMITS.chars + 1) }, 400],
    [{ paragraph: keys[0], body: 'Look <script>alert(1)</script>' }, 400],
    [{ paragraph: keys[0], body: '<b>bold</b> claims' }, 400],
    [{ paragraph: 'pnotthere1', body: 'On nothing at all' }, 400],
    [{ paragraph: keys[0], replyTo: '999999', body: 'To no comment' }, 400],
    [{ body: 'No paragraph' }, 400],
    [{ paragraph: keys[0], body: 'A fine comment', email: 'not an address' }, 400],
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

const publicationLinkTo = async (address: string) => {
  const { rows } = await test.db.query<{ text_body: string }>(
    `SELECT text_body FROM outbox_messages WHERE kind = 'consultation-comment' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
    [address],
  );
  const link = /https?:\/\/\S+publish-comment\?token=\S+/.exec(rows[0]?.text_body ?? '')?.[0];
  return new URL(link ?? 'http://nowhere.invalid/');
};
const publish = (token: string) =>
  request(gateway.url)
    .post(`${consultationEndpoint(slug)}/comments/publish?token=${encodeURIComponent(token)}`)
    .set('Origin', gateway.url)
    .send({});

it('publishes the comment of someone who is not a member once they open the link emailed to them, once', async () => {
  const before = await stored();
  const address = 'grace@example.org';
  await comment(
    { paragraph: keys[1], body: 'Open data, yes: but in which format?', email: ' Grace@Example.org ' },
    null,
  ).expect(202, { status: 'awaiting-email' });
  expect(await stored()).toBe(before);
  const link = await publicationLinkTo(address);
  expect(link.pathname).toBe(`/consultations/${slug}/publish-comment`);
  const token = link.searchParams.get('token')!;

  await publish(`${token}x`).expect(410);
  const { body } = await publish(token).expect(200);
  expect(body).toEqual({ status: 'published', id: expect.stringMatching(/^\d+$/) });
  await publish(token).expect(410);
  const { body: view } = await request(gateway.url).get(consultationEndpoint(slug)).expect(200);
  const published = view.thread.find((each: { id: string }) => each.id === body.id);
  expect(published).toMatchObject({ body: 'Open data, yes: but in which format?', paragraph: keys[1] });
  expect(JSON.stringify(view)).not.toContain(address);

  // One address holds at most three comments awaiting their links: no inbox is flooded through the form.
  for (let held = 0; held < 3; held += 1)
    await comment({ paragraph: keys[0], body: `Held comment ${held}`, email: 'flooded@example.org' }, null).expect(202);
  await comment({ paragraph: keys[0], body: 'One too many', email: 'flooded@example.org' }, null).expect(429);
});
