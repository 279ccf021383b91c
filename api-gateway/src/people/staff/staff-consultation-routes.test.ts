import request from 'supertest';
import {
  consultationEndpoint,
  staffLinks,
  type ConsultationDraft,
  type StaffConsultationSummary,
  type StaffConsultationView,
  type StaffRole,
} from '@party/shared-contracts';
import { migrate } from '../../platform/db/migrate.js';
import { signedInStaff } from '../../testing/staff-session.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';

describe.each([testDatabaseKind])('the console’s consultations section on %s', (kind) => {
  let test: TestDatabase;
  let gateway: TestGateway;
  let made = 0;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await gateway.close();
    await test.dispose();
  });
  const agent = () => request(gateway.url);
  const signIn = async (role: StaffRole) =>
    (await signedInStaff(gateway.url, test.db, role, `${role}.consults.${++made}@party.example`)).cookie;
  const asStaff = (cookie: string) => ({
    get: (path: string) => agent().get(path).set('Cookie', cookie),
    post: (path: string) => agent().post(path).set('Origin', gateway.url).set('Cookie', cookie),
  });
  const draft = (slug: string): ConsultationDraft => ({
    slug,
    title: 'Open budgets for every council',
    summary: 'Every council publishes what it spends, line by line, within a month of spending it.',
    policyArea: 'governance',
    closesOn: '2099-01-31',
    paragraphs: [{ text: 'Councils publish every payment above £250.' }, { text: 'As open data, in one format.' }],
  });
  const at = (slug: string) => `${staffLinks.consultationsEndpoint}/${slug}`;

  it('takes a consultation from draft to answered, and refuses the roles without the section', async () => {
    const staff = asStaff(await signIn('communications'));
    await staff.post(staffLinks.consultationsEndpoint).send(draft('open-budgets')).expect(201);
    // Taken addresses and bad drafts are refused with what is wrong.
    expect((await staff.post(staffLinks.consultationsEndpoint).send(draft('open-budgets')).expect(409)).body).toEqual({
      message: 'The address open-budgets is taken.',
    });
    const bad = await staff
      .post(staffLinks.consultationsEndpoint)
      .send({ ...draft('x'), slug: 'Not A Slug', paragraphs: [] })
      .expect(400);
    expect(bad.body.fieldErrors).toMatchObject({ slug: 'Use lower-case letters, digits and hyphens' });

    // A draft is staff's alone.
    const listed = (await staff.get(staffLinks.consultationsEndpoint).expect(200)).body as StaffConsultationSummary[];
    expect(listed.find((row) => row.slug === 'open-budgets')?.phase).toBe('draft');
    await agent().get(consultationEndpoint('open-budgets')).expect(404);
    const first = (await staff.get(at('open-budgets')).expect(200)).body as StaffConsultationView;
    expect(first.paragraphs.map((paragraph) => paragraph.number)).toEqual([1, 2]);

    // A new version keeps the first paragraph's key, revised, and drops the second.
    const [kept] = first.paragraphs;
    expect(
      (
        await staff
          .post(`${at('open-budgets')}/versions`)
          .send({ paragraphs: [{ key: kept!.key, text: 'Councils publish every payment.' }], note: 'No threshold.' })
          .expect(201)
      ).body,
    ).toEqual({ version: 2 });
    // Answered is never a phase set by hand; open is.
    await staff
      .post(`${at('open-budgets')}/phase`)
      .send({ phase: 'answered' })
      .expect(400);
    await staff
      .post(`${at('open-budgets')}/phase`)
      .send({ phase: 'open' })
      .expect(204);
    const opened = (await agent().get(consultationEndpoint('open-budgets')).expect(200)).body as StaffConsultationView;
    expect(opened.paragraphs).toEqual([{ key: kept!.key, number: 1, text: 'Councils publish every payment.' }]);
    expect(opened.changes).toEqual([
      {
        kind: 'revised',
        number: 1,
        was: 1,
        runs: [
          { text: 'Councils publish every payment', change: 'kept' },
          { text: ' above £250', change: 'removed' },
          { text: '.', change: 'kept' },
        ],
      },
      { kind: 'removed', was: 2, text: 'As open data, in one format.' },
    ]);

    // A comment is hidden with a reason from the published list, and only once.
    const { rows } = await test.db.query<{ id: string }>(
      `INSERT INTO consultation_comments (consultation, paragraph_key, version, body, author_email, participant)
       VALUES ('open-budgets', $1, 2, 'Buy cheap watches at example.com', 'spam@example.org', 1) RETURNING id`,
      [kept!.key],
    );
    const comment = String(rows[0]!.id);
    await staff
      .post(`${at('open-budgets')}/comments/${comment}/hide`)
      .send({ reason: 'because' })
      .expect(400);
    await staff
      .post(`${at('open-budgets')}/comments/${comment}/hide`)
      .send({ reason: 'spam' })
      .expect(204);
    await staff
      .post(`${at('open-budgets')}/comments/${comment}/hide`)
      .send({ reason: 'spam' })
      .expect(404);
    const log = ((await agent().get(consultationEndpoint('open-budgets')).expect(200)).body as StaffConsultationView)
      .moderationLog;
    expect(log).toEqual([expect.objectContaining({ comment, reason: 'spam', participant: 1 })]);

    // Answered only once closed, and only by its response.
    const response = {
      themes: ['People want payments published within a week.'],
      decision: 'We will require publication within a month, and review it after a year.',
      evidence: [{ label: 'Spending transparency study', url: 'https://example.org/study' }],
    };
    expect(
      (
        await staff
          .post(`${at('open-budgets')}/response`)
          .send(response)
          .expect(409)
      ).body,
    ).toEqual({
      message: 'Close the consultation before answering it.',
    });
    await staff
      .post(`${at('open-budgets')}/phase`)
      .send({ phase: 'closed' })
      .expect(204);
    await staff
      .post(`${at('open-budgets')}/response`)
      .send({ ...response, evidence: [{ label: 'A study', url: 'javascript:alert(1)' }] })
      .expect(400);
    await staff
      .post(`${at('open-budgets')}/response`)
      .send(response)
      .expect(201);
    const answered = (await agent().get(consultationEndpoint('open-budgets')).expect(200))
      .body as StaffConsultationView;
    expect(answered).toMatchObject({ phase: 'answered', response: { decision: response.decision } });
    await staff
      .post(`${at('open-budgets')}/versions`)
      .send({ paragraphs: [{ text: 'Too late.' }], note: '' })
      .expect(409);

    const treasurer = asStaff(await signIn('treasurer'));
    await treasurer.get(staffLinks.consultationsEndpoint).expect(403);
    await treasurer
      .post(`${at('open-budgets')}/phase`)
      .send({ phase: 'open' })
      .expect(403);
    await agent().get(staffLinks.consultationsEndpoint).expect(401);
  });
});
