import { COMMENT_LIMITS, type ConsultationDraft } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { erasePersonalData } from '../people/personal-data/personal-data-register.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { consultationRecords, type ConsultationRecords } from './consultation-records.js';

const staff = 'policy@party.example';
const draft = (slug: string): ConsultationDraft => ({
  slug,
  title: 'Open budgets for every council',
  summary: 'Every council publishes what it spends, line by line, within a month of spending it.',
  policyArea: 'governance',
  closesOn: '2027-01-31',
  paragraphs: [
    { text: 'Councils publish every payment above £250 within thirty days.' },
    { text: 'Payments are published as open data, in one format for every council.' },
    { text: 'An independent auditor samples a hundred payments a year.' },
  ],
});

describe.each([testDatabaseKind])('consultations on %s', (kind) => {
  let test: TestDatabase;
  let records: ConsultationRecords;
  let made = 0;
  /** A consultation of its own for each test, opened. */
  const opened = async () => {
    made += 1;
    const slug = `open-budgets-${made}`;
    await records.start(draft(slug), staff);
    await records.changePhase(slug, 'open');
    const view = (await records.view(slug))!;
    return { slug, keys: view.paragraphs.map((paragraph) => paragraph.key) };
  };

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
    records = consultationRecords(test.db);
  });
  afterAll(() => test.dispose());

  it('keeps a draft from the public until it is opened, then shows it in numbered paragraphs', async () => {
    await records.start(draft('hidden-draft'), staff);
    expect(await records.view('hidden-draft')).toBeNull();
    expect((await records.list()).map((each) => each.slug)).not.toContain('hidden-draft');
    await expect(records.start(draft('hidden-draft'), staff)).rejects.toMatchObject({ status: 409 });

    await records.changePhase('hidden-draft', 'open');
    const view = (await records.view('hidden-draft'))!;
    expect(view).toMatchObject({ phase: 'open', policyArea: 'governance', closesOn: '2027-01-31', changes: null });
    expect(view.paragraphs.map(({ number, text }) => [number, text.slice(0, 20)])).toEqual([
      [1, 'Councils publish eve'],
      [2, 'Payments are publish'],
      [3, 'An independent audit'],
    ]);
    for (const { key } of view.paragraphs) expect(key).toMatch(/^p[a-z0-9]{8}$/);
  });

  it('takes comments and replies from people, numbered per consultation, never named', async () => {
    const { slug, keys } = await opened();
    const first = await records.comment(
      slug,
      { paragraph: keys[0]!, body: 'Why £250 and not £500?' },
      'ada@example.org',
    );
    await records.comment(
      slug,
      { paragraph: keys[0]!, replyTo: first, body: 'Because fraud hides in small payments.' },
      'grace@example.org',
    );
    await records.comment(slug, { paragraph: keys[1]!, body: 'Which format, though?' }, 'ada@example.org');
    const view = (await records.view(slug))!;
    expect(view.thread.map(({ participant, replyTo, body }) => ({ participant, replyTo, body }))).toEqual([
      { participant: 1, replyTo: null, body: 'Why £250 and not £500?' },
      { participant: 2, replyTo: first, body: 'Because fraud hides in small payments.' },
      { participant: 1, replyTo: null, body: 'Which format, though?' },
    ]);
    expect(view.countsByParagraph).toEqual({ [keys[0]!]: 2, [keys[1]!]: 1 });
    expect(JSON.stringify(view)).not.toContain('example.org');
  });

  it('refuses a comment on no paragraph of the draft, a reply to another thread, and one when closed', async () => {
    const { slug, keys } = await opened();
    await expect(
      records.comment(slug, { paragraph: 'pzzzzzzzz', body: 'Hello there' }, 'a@example.org'),
    ).rejects.toMatchObject({
      status: 400,
      message: 'There is no such paragraph in this draft.',
    });
    const first = await records.comment(slug, { paragraph: keys[0]!, body: 'A first thought.' }, 'a@example.org');
    await expect(
      records.comment(slug, { paragraph: keys[1]!, replyTo: first, body: 'A reply elsewhere' }, 'b@example.org'),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      records.comment('no-such-thing', { paragraph: keys[0]!, body: 'Hello' }, 'a@example.org'),
    ).rejects.toMatchObject({
      status: 404,
    });
    await records.changePhase(slug, 'closed');
    await expect(
      records.comment(slug, { paragraph: keys[0]!, body: 'Too late?' }, 'a@example.org'),
    ).rejects.toMatchObject({
      status: 409,
      message: 'This consultation is closed for comments.',
    });
    expect((await records.view(slug))!.thread).toHaveLength(1);
  });

  it('takes no comment after its closing date, even before staff close it', async () => {
    const { slug, keys } = await opened();
    await test.db.query('UPDATE consultations SET closes_on = current_date - 1 WHERE slug = $1', [slug]);
    await expect(
      records.comment(slug, { paragraph: keys[0]!, body: 'Am I late?' }, 'a@example.org'),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This consultation closed for comments on \d{4}-\d\d-\d\d\.$/),
    });
  });

  it('holds each person to the limits per hour, whoever else writes', async () => {
    const { slug, keys } = await opened();
    for (let index = 0; index < COMMENT_LIMITS.perHour; index += 1)
      await records.comment(slug, { paragraph: keys[2]!, body: `Thought number ${index}` }, 'flood@example.org');
    await expect(
      records.comment(slug, { paragraph: keys[2]!, body: 'One more' }, 'flood@example.org'),
    ).rejects.toMatchObject({ status: 429 });
    await records.comment(slug, { paragraph: keys[2]!, body: 'Someone else' }, 'calm@example.org');
    expect((await records.view(slug))!.thread).toHaveLength(COMMENT_LIMITS.perHour + 1);
  });

  it('hides a comment with a published reason: the log says what, when and why, never the text', async () => {
    const { slug, keys } = await opened();
    const rude = await records.comment(slug, { paragraph: keys[0]!, body: 'The author is an idiot.' }, 'x@example.org');
    await records.hide(slug, rude, 'personal-attack', staff);
    await expect(records.hide(slug, rude, 'spam', staff)).rejects.toMatchObject({ status: 404 });
    const view = (await records.view(slug))!;
    expect(view.thread[0]).toMatchObject({ id: rude, body: null, hidden: { reason: 'personal-attack' } });
    expect(view.moderationLog).toEqual([
      { comment: rude, paragraph: keys[0], participant: 1, hiddenAt: expect.any(String), reason: 'personal-attack' },
    ]);
    expect(JSON.stringify(view)).not.toContain('idiot');
    expect(view.countsByParagraph).toEqual({});
    await expect(
      records.comment(slug, { paragraph: keys[0]!, replyTo: rude, body: 'Replying to the hidden' }, 'y@example.org'),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('publishes a new version keeping each revised paragraph’s comments, and shows the one before', async () => {
    const { slug, keys } = await opened();
    await records.comment(slug, { paragraph: keys[2]!, body: 'One auditor is not enough.' }, 'a@example.org');
    const version = await records.publishVersion(
      slug,
      {
        note: 'The threshold is lower; the audit paragraph is gone.',
        paragraphs: [
          { key: keys[0], text: 'Councils publish every payment above £100 within thirty days.' },
          { key: keys[1], text: 'Payments are published as open data.' },
          { text: 'Residents may ask about any payment and get an answer within a month.' },
        ],
      },
      staff,
    );
    expect(version).toBe(2);
    const view = (await records.view(slug))!;
    expect(view.versions.map((each) => each.number)).toEqual([1, 2]);
    expect(view.paragraphs.map((paragraph) => paragraph.key).slice(0, 2)).toEqual(keys.slice(0, 2));
    expect(view.changes?.map((change) => change.kind)).toEqual(['revised', 'revised', 'added', 'removed']);
    // A comment on the removed paragraph keeps its key: the page shows it as on a removed paragraph.
    expect(view.thread[0]).toMatchObject({ paragraph: keys[2], version: 1 });
    expect(view.paragraphs.some((paragraph) => paragraph.key === keys[2])).toBe(false);
    await expect(
      records.publishVersion(slug, { note: '', paragraphs: [{ key: 'pnotthere1', text: 'Hello world' }] }, staff),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('is answered only with its published response, once closed', async () => {
    const { slug } = await opened();
    const response = {
      themes: ['Most people want a lower threshold.'],
      decision: 'We lower the threshold to £100 and drop the sampling audit for a full one.',
      evidence: [{ label: 'Open spending pilot, 2024', url: 'https://example.org/pilot' }],
    };
    await expect(records.answer(slug, response, staff)).rejects.toMatchObject({ status: 409 });
    await records.changePhase(slug, 'closed');
    await expect(records.changePhase(slug, 'answered')).rejects.toMatchObject({
      status: 409,
      message: 'A consultation is marked answered only with its response published.',
    });
    await records.answer(slug, response, staff);
    const view = (await records.view(slug))!;
    expect(view).toMatchObject({ phase: 'answered', response: { ...response, publishedAt: expect.any(String) } });
    await expect(
      records.publishVersion(slug, { note: '', paragraphs: [{ text: 'Changed' }] }, staff),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('erases a person’s comments on request: their place in the thread stays, their text and address go', async () => {
    const { slug, keys } = await opened();
    const mine = await records.comment(
      slug,
      { paragraph: keys[0]!, body: 'Mine to take back.' },
      'erase.me@example.org',
    );
    await records.comment(slug, { paragraph: keys[0]!, replyTo: mine, body: 'A reply that stays.' }, 'b@example.org');
    await test.db.transaction((tx) => erasePersonalData(tx, 'erase.me@example.org'));
    const view = (await records.view(slug))!;
    expect(view.thread[0]).toMatchObject({ id: mine, body: null, erased: true });
    expect(view.thread[1]).toMatchObject({ replyTo: mine, body: 'A reply that stays.' });
    const { rows } = await test.db.query('SELECT 1 FROM consultation_comments WHERE author_email = $1', [
      'erase.me@example.org',
    ]);
    expect(rows).toEqual([]);
  });
});
