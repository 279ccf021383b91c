import type { Page } from '@playwright/test';
import { commentPublicationPage, consultationPage, memberLinks, staffLinks } from '@party/shared-contracts';
import { accessibilityViolations, accessibilityViolationsWithoutScripts } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { emailedLink } from '../support/loopback-mailbox';
import { confirmedMember } from '../support/members';
import { closingDate, consultationDraft, openConsultation, sampleConsultation } from '../support/participation';
import { administratorApi, newStaffMember } from '../support/staff-console';

// The party asks and answers (issue 64): a consultation of mf-participation, the remote global-setup
// added to the running site through the registry. Members comment paragraph by paragraph, with the
// page's code and without it; staff hide with a published reason; the response answers it.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A member of the party, signed in in this browser. */
async function signedInMember(page: Page) {
  const member = {
    email: `commenter+${unique()}@example.org`,
    password: 'a long passphrase of mine',
    tier: 'member',
  } as const;
  const origin = requiredEnv('E2E_BASE_URL');
  await confirmedMember(origin, member);
  const signedIn = await page.request.post(memberLinks.sessionEndpoint, {
    data: { email: member.email, password: member.password },
    headers: { Origin: origin },
  });
  expect(signedIn.status()).toBe(200);
  return member;
}

test('the list, a consultation and its log are server-rendered, linked from /policy and the header, axe-clean', async ({
  page,
}) => {
  await page.goto('/policy?area=governance#areas');
  await expectPage(page, 'Policies that show their working.');
  const areaPanel = page.getByRole('tabpanel', { name: 'Governance' });
  await expect(areaPanel.getByRole('heading', { name: 'Consultations on governance' })).toBeVisible();
  await areaPanel.getByRole('link', { name: sampleConsultation.title }).click();
  await expectPage(page, sampleConsultation.title);
  await expect(page).toHaveURL(consultationPage(sampleConsultation.slug));

  // Its draft, numbered; what changed in its second version, word by word.
  const draft = page.getByRole('region', { name: 'The draft' });
  await expect(draft.getByRole('listitem').filter({ hasText: 'A council that publishes late' })).toBeVisible();
  await page.getByText('What changed in version 2').click();
  await expect(page.locator('del', { hasText: '500' }).first()).toBeVisible();
  await expect(page.locator('ins', { hasText: '250' }).first()).toBeVisible();
  await expect(page.getByText('Paragraph 4: new')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /^Moderation log/ }).click();
  await expectPage(page, 'Moderation log');
  await expect(page.getByText('Nothing has been hidden in this consultation.')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Consultations' }).click();
  await expectPage(page, 'Tell us where our drafts are wrong.');
  await expect(page.getByRole('link', { name: sampleConsultation.title })).toBeVisible();
  await page.getByRole('navigation', { name: 'Policy areas' }).getByRole('link', { name: 'Economy' }).click();
  await expect(page.getByText('No consultation on economy yet.', { exact: false })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const missing = await page.goto(consultationPage('no-such-consultation'));
  expect(missing?.status()).toBe(404);
  await expectPage(page, 'Consultation not found');
});

test('a member comments on a paragraph and replies; staff hide one with a reason; the party answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const slug = `ask-${unique()}`;
  const admin = await administratorApi();
  try {
    await openConsultation(admin, consultationDraft({ slug, title: 'Publish every council payment' }));
    await signedInMember(page);

    // A comment on the third paragraph, chosen by its own link.
    await page.goto(consultationPage(slug));
    await expectPage(page, 'Publish every council payment');
    await page.getByRole('link', { name: 'Comment on paragraph 3' }).click();
    const form = page.getByRole('form', { name: 'Comment on the draft' });
    await expect(form.getByLabel('Paragraph')).toHaveValue(/^p/);
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(form.getByText('Your comment must be at least 2 characters')).toBeVisible();
    await form.getByLabel('Your comment').fill('<b>Bold</b> claims need evidence.');
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(form.getByText('Comments are plain text: leave out HTML tags')).toBeVisible();
    await form.getByLabel('Your comment').fill('Once a year is too rarely: audit each quarter.');
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(toasts(page).getByText('Comment published', { exact: true })).toBeVisible();
    const third = page.locator('#paragraph-3');
    await expect(third.getByText('Once a year is too rarely: audit each quarter.')).toBeVisible();
    await expect(third.getByText('Participant 1', { exact: true })).toBeVisible();

    // A reply to it, then a comment the moderators will hide.
    await third.getByRole('link', { name: 'Reply to participant 1' }).click();
    const reply = page.getByRole('form', { name: 'Reply to participant 1' });
    await reply.getByLabel('Your reply').fill('A quarterly audit costs more than it finds in small councils.');
    await reply.getByRole('button', { name: 'Publish comment' }).click();
    await expect(third.getByRole('list', { name: 'Replies to participant 1' })).toContainText(
      'costs more than it finds',
    );
    await page.getByRole('link', { name: 'Comment on paragraph 1' }).click();
    await expect(form.getByLabel('Paragraph').locator('option:checked')).toHaveText(/^1\. /);
    await form.getByLabel('Your comment').fill('Buy cheap watches at example.com');
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(page.locator('#paragraph-1').getByText('Buy cheap watches')).toBeVisible();

    // Staff hide it with a reason from the published list: it keeps its place, without its text.
    const at = `${staffLinks.consultationsEndpoint}/${slug}`;
    const view = (await (await admin.get(at)).json()) as { thread: Array<{ id: string; body: string }> };
    const spam = view.thread.find((comment) => comment.body.startsWith('Buy cheap watches'))!;
    await admin.post(`${at}/comments/${spam.id}/hide`, { data: { reason: 'spam' }, failOnStatusCode: true });
    await page.reload();
    await expectPage(page, 'Publish every council payment');
    await expect(page.getByText('Buy cheap watches')).toHaveCount(0);
    await expect(page.locator('#paragraph-1')).toContainText('Hidden by moderators on');
    await expect(page.locator('#paragraph-1')).toContainText('Advertising or spam.');
    await page.getByRole('link', { name: 'Moderation log (1 comment hidden)' }).click();
    await expectPage(page, 'Moderation log');
    const log = page.getByRole('table', { name: 'Comments hidden, newest first' });
    await expect(log.getByRole('row').nth(1)).toContainText('By participant 1, on paragraph 1');
    await expect(log.getByRole('row').nth(1)).toContainText('Advertising or spam');
    expect(await page.content()).not.toContain('Buy cheap watches');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Open data: by participant number, the hidden one without its text.
    const csv = await (await page.request.get(`/api/consultations/${slug}/open-data.csv`)).text();
    expect(csv).toContain('Once a year is too rarely: audit each quarter.');
    expect(csv).not.toContain('Buy cheap watches');
    expect(csv).not.toContain('@example.org');

    // Closed, then answered with its response: no more comments.
    await admin.post(`${at}/phase`, { data: { phase: 'closed' }, failOnStatusCode: true });
    await admin.post(`${at}/response`, {
      data: {
        themes: ['An annual audit was thought too rare by some, too costly for small councils by others.'],
        decision: 'We keep the annual audit, and add a quarterly spot check of the largest councils.',
        evidence: [
          { label: 'State auditor’s report on council publication, 2026', url: 'https://example.org/audit-2026' },
        ],
      },
      failOnStatusCode: true,
    });
    const reader = await browser.newPage();
    try {
      await reader.goto(consultationPage(slug));
      await expectPage(reader, 'Publish every council payment');
      const response = reader.getByRole('region', { name: 'The party’s response' });
      await expect(response).toContainText('We keep the annual audit');
      await expect(response.getByRole('row', { name: /Paragraph 3/ })).toContainText('2 comments');
      await expect(response.getByRole('link', { name: /State auditor’s report/ })).toHaveAttribute(
        'href',
        'https://example.org/audit-2026',
      );
      await expect(reader.getByRole('form', { name: 'Comment on the draft' })).toHaveCount(0);
      expect(await accessibilityViolations(reader)).toEqual([]);
    } finally {
      await reader.close();
    }
  } finally {
    await admin.dispose();
  }
});

test('staff start a consultation in the console, revise it keeping its comments, and answer it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const slug = `console-${unique()}`;
  const title = `Libraries open on Sundays ${unique()}`;
  await newStaffMember(page, 'communications');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Consultations' }).click();

  // Started as a draft: refused with the schema's messages, then saved.
  await page.getByRole('button', { name: 'Start a consultation' }).click();
  const start = page.getByRole('form', { name: 'Start a consultation' });
  await start.getByRole('button', { name: 'Save the draft' }).click();
  await expect(start.locator('[data-error-summary]')).toBeFocused();
  await expect(start.getByRole('link', { name: 'Choose the policy area' })).toBeVisible();
  await start.getByLabel('Address').fill(slug);
  await start.getByLabel('Title').fill(title);
  await start.getByLabel('Summary').fill('Every public library opens on Sunday afternoons, paid for by the state.');
  await start.getByLabel('Policy area').selectOption('education');
  await start.getByLabel('Closes for comments on').fill(closingDate());
  await start
    .getByLabel('The draft')
    .fill(
      'Every public library opens from noon to five on Sundays.\n\nThe state pays the staff hours, not the council.\n\nVolunteers may not replace paid staff.',
    );
  await start.getByRole('button', { name: 'Save the draft' }).click();
  await expect(toasts(page).getByText('Draft saved', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell', { name: 'Draft' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await row.getByRole('button', { name: `Open ${title}` }).click();
  await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();

  // A member comments on the second paragraph.
  const memberContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    await signedInMember(member);
    const origin = requiredEnv('E2E_BASE_URL');
    const read = (await (await member.request.get(`/api/consultations/${slug}`)).json()) as {
      paragraphs: Array<{ key: string }>;
    };
    const sent = await member.request.post(`/api/consultations/${slug}/comments`, {
      data: { paragraph: read.paragraphs[1]!.key, body: 'Councils should pay: they know their towns.' },
      headers: { Origin: origin },
    });
    expect(sent.status()).toBe(201);
  } finally {
    await memberContext.close();
  }

  // Version 2: the commented paragraph revised, one added before it, the last removed.
  await row.getByRole('button', { name: `New version of ${title}` }).click();
  const version = page.getByRole('form', { name: `Version 2 of “${title}”` });
  await version.getByRole('button', { name: 'Add a paragraph after paragraph 1' }).click();
  // The new paragraph takes the focus: typed into at once.
  await expect(version.getByLabel('Paragraph 2 (new)')).toBeFocused();
  await page.keyboard.type('Each library asks its readers which Sunday hours suit them.');
  await version.getByLabel('Paragraph 3').fill('The state pays the staff hours, and the council the heating.');
  await version.getByRole('button', { name: 'Remove paragraph 4' }).click();
  await expect(version.getByLabel('Paragraph 4')).toHaveCount(0);
  await expect(version.getByLabel('Paragraph 3')).toBeFocused();
  await version.getByLabel('What changed').fill('Readers choose the hours; councils share the cost.');
  await version.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(toasts(page).getByText('Version published', { exact: true })).toBeVisible();

  const reader = await browser.newPage();
  try {
    await reader.goto(consultationPage(slug));
    await expectPage(reader, title);
    await expect(reader.locator('#paragraph-3')).toContainText('Councils should pay: they know their towns.');
    await reader.getByText('What changed in version 2').click();
    await expect(reader.getByText('Readers choose the hours; councils share the cost.')).toBeVisible();
    await expect(reader.locator('ins', { hasText: 'heating' }).first()).toBeVisible();
    await expect(reader.getByText('Volunteers may not replace paid staff.').first()).toBeVisible();
  } finally {
    await reader.close();
  }

  // Closed, then answered from the console.
  await row.getByRole('button', { name: `Close ${title}` }).click();
  await row.getByRole('button', { name: `Publish the response to ${title}` }).click();
  const response = page.getByRole('form', { name: `Response to “${title}”` });
  await expect(response).toContainText('1 comment shown: 1 on paragraph 3.');
  await response.getByLabel('What people said').fill('Councils know their towns and should share the cost.');
  await response
    .getByLabel('What the party decided, and why')
    .fill('The state and the councils share the cost of Sunday opening, half each.');
  await response.getByLabel('The evidence').fill('Library use on Sundays, 2026 https://example.org/sundays');
  await response.getByRole('button', { name: 'Publish the response' }).click();
  await expect(toasts(page).getByText('Response published', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Answered' })).toBeVisible();
  await page.goto(consultationPage(slug));
  await expect(page.getByRole('region', { name: 'The party’s response' })).toContainText('half each');
});

test('someone who is not a member comments by confirming their email; the link publishes it once', async ({
  page,
  expectProblems,
}) => {
  // The spent link's 410, which the browser reports on its console.
  expectProblems(/status of 410/);
  const address = `reader+${unique()}@example.org`;
  const words = `One national format, yes: publish its schema first (${unique()}).`;
  await page.goto(consultationPage(sampleConsultation.slug));
  await expectPage(page, sampleConsultation.title);
  await page.getByRole('link', { name: 'Comment on paragraph 2' }).click();
  const form = page.getByRole('form', { name: 'Comment on the draft' });
  // The link chose the paragraph (before the page's code runs, by loading the page anew).
  await expect(form.getByLabel('Paragraph')).toHaveValue(/^p/);
  await form.getByLabel('Your comment').fill(words);
  await form.getByRole('button', { name: 'Publish comment' }).click();
  await expect(form.getByText('Give your email address: we send you a link that publishes your comment')).toBeVisible();
  // By keyboard: from the comment to the address, then the button.
  await form.getByLabel('Your comment').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Your email address')).toBeFocused();
  await page.keyboard.type(address);
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Publish comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Check your email', { exact: true })).toBeVisible();
  await expect(form.getByRole('status')).toContainText('your comment is published when you open the link');
  await expect(page.locator('#paragraph-2')).not.toContainText(words);

  const link = await emailedLink(address, commentPublicationPage(sampleConsultation.slug));
  await page.goto(`${link.pathname}${link.search}`);
  await expectPage(page, 'Publish your comment');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Publish my comment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your comment is published' })).toBeFocused();
  await page.getByRole('link', { name: 'See it on the consultation' }).click();
  await expectPage(page, sampleConsultation.title);
  await expect(page.locator('#paragraph-2')).toContainText(words);
  expect(await page.content()).not.toContain(address);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Publish my comment' }).click();
  await expect(page.getByText('This link has expired or has already been used.', { exact: false })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member’s comment is sent by the page form; a mistake comes back in place', async ({
    page,
    expectProblems,
  }) => {
    // The page's answer to the refused post is a 400, which the browser reports on its console.
    expectProblems(/status of 400/);
    await signedInMember(page);
    await page.goto(consultationPage(sampleConsultation.slug));
    await expect(page.getByRole('heading', { level: 1, name: sampleConsultation.title })).toBeVisible();
    const form = page.getByRole('form', { name: 'Comment on the draft' });
    await form.getByLabel('Paragraph').selectOption({ index: 2 });
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(page.getByText('Your comment must be at least 2 characters')).toBeVisible();
    await form.getByLabel('Your comment').fill('Publish the contracts too, not only the payments.');
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your comment is published.' })).toBeVisible();
    await expect(page.locator('#paragraph-2')).toContainText('Publish the contracts too, not only the payments.');
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);
  });

  test('someone who is not a member gives their email; the emailed link publishes the comment', async ({
    page,
    expectProblems,
  }) => {
    // The page's answer to the refused post is a 400, which the browser reports on its console.
    expectProblems(/status of 400/);
    const address = `no-script+${unique()}@example.org`;
    const words = `Words without a script (${unique()}).`;
    await page.goto(consultationPage(sampleConsultation.slug));
    const form = page.getByRole('form', { name: 'Comment on the draft' });
    await form.getByLabel('Paragraph').selectOption({ index: 1 });
    await form.getByLabel('Your comment').fill(words);
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(
      page.getByText('Give your email address: we send you a link that publishes your comment'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'The draft' })).not.toContainText(words);
    await form.getByLabel('Your email address').fill(address);
    await form.getByRole('button', { name: 'Publish comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();

    const link = await emailedLink(address, commentPublicationPage(sampleConsultation.slug));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Publish my comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your comment is published' })).toBeVisible();
    await page.getByRole('link', { name: 'See it on the consultation' }).click();
    await expect(page.locator('#paragraph-1')).toContainText(words);
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);
  });
});
