import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { emailedLink, linkTo, mailTo, rawHeader } from '../support/loopback-mailbox';
import { newStaffMember } from '../support/staff-console';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

test('a contact message reaches the staff inbox, is answered by email, and is then marked answered', async ({
  page,
}) => {
  const visitor = someone('asks');
  await page.goto('/contact');
  await expectPage(page, 'Talk to us.');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill('Dorothy Vaughan');
  await form.getByLabel('Email address').fill(visitor);
  await form.getByLabel('Subject').selectOption('media');
  await form.getByRole('textbox', { name: 'Message' }).fill('Could your leader speak to our readers next week?');
  await form.getByRole('checkbox', { name: /privacy policy/ }).check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Message sent');

  const staff = await newStaffMember(page, 'communications');
  const message = page.getByRole('listitem').filter({ hasText: visitor });
  await expect(message.getByRole('heading', { name: /Dorothy Vaughan/ })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await message
    .getByRole('textbox', { name: 'Your reply to Dorothy Vaughan' })
    .fill('Yes: Amara Okafor can speak to your readers on Thursday.');
  await message.getByRole('button', { name: 'Send reply' }).click();
  await expect(toasts(page).getByText('Reply queued')).toBeVisible();
  await expect(message).toHaveCount(0);

  const [reply] = await mailTo(requiredEnv('E2E_MAIL_DIR'), visitor);
  expect(reply!.subject).toBe('Your message to The Refoundation Party');
  expect(reply!.text).toContain('Amara Okafor can speak to your readers on Thursday.');

  await page.getByRole('button', { name: 'Answered', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: visitor })).toContainText(`by ${staff.email}`);
});

test('a newsletter written in the console reaches a confirmed subscriber, who can leave from its link', async ({
  page,
}) => {
  const reader = someone('reader');
  await page.goto('/news');
  await expectPage(page, 'News and research');
  const signup = page.getByRole('region', { name: 'Get the evidence in your inbox' });
  await signup.getByLabel('Email address').fill(reader);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signup.getByRole('status')).toContainText('Open the link in the email we have just sent you');
  const confirmLink = await emailedLink(reader, '/newsletter/confirm');
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await expectPage(page, "One click, and you're in.");
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText("You're subscribed");

  await newStaffMember(page, 'communications');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Newsletter' }).click();
  const form = page.getByRole('form', { name: 'Write an issue' });
  await form.getByRole('button', { name: 'Send newsletter' }).click();
  await expect(form.getByLabel('Subject')).toBeFocused();
  await expect(form.getByText('Please confirm that it goes to every confirmed subscriber')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const subject = `The audit office, a year on (${Date.now()})`;
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByRole('textbox', { name: 'Newsletter' })
    .fill('Dear reader,\n\nA year ago we proposed an audit office for every programme. Here is what it found.');
  await form.getByRole('checkbox', { name: /Send it now to all \d+ confirmed subscribers?/ }).check();
  await form.getByRole('button', { name: 'Send newsletter' }).click();
  await expect(toasts(page).getByText('Newsletter queued')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Sent issues' })
      .getByRole('row', { name: new RegExp(subject.replace(/[()]/g, '\\$&')) }),
  ).toBeVisible();

  const [issue] = await mailTo(requiredEnv('E2E_MAIL_DIR'), reader, { where: (mail) => mail.subject === subject });
  expect(issue!.text).toContain('Here is what it found.');
  expect(rawHeader(issue!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = new URL(linkTo(issue!, '/newsletter/unsubscribe'));
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expectPage(page, 'Sorry to see you go.');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText("You're unsubscribed");
});

// One role per test: each makes a staff member as the first time (invitation, password, app).
const consoleSections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');

test('communications sees its sections only; the gateway refuses the others, and a signed-out session', async ({
  page,
}) => {
  await newStaffMember(page, 'communications');
  await expect(consoleSections(page)).toHaveText([
    'Inbox',
    'Subscribers',
    'Newsletter',
    'Events',
    'Consultations',
    'Your sign-in',
  ]);
  expect((await page.request.get('/api/staff/newsletters')).status()).toBe(200);
  expect((await page.request.get('/api/staff/members')).status()).toBe(403);
  expect((await page.request.get('/api/staff/access-log')).status()).toBe(403);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/staff/messages')).status()).toBe(401);
});

test('membership sees its sections only; the gateway refuses the others', async ({ page }) => {
  await newStaffMember(page, 'membership');
  await expect(consoleSections(page)).toHaveText(['Members', 'Volunteers', 'Events', 'Your sign-in']);
  expect((await page.request.get('/api/staff/messages')).status()).toBe(403);
  expect((await page.request.get('/api/staff/newsletters')).status()).toBe(403);
  expect((await page.request.get('/api/staff/donations')).status()).toBe(403);
  expect((await page.request.get('/api/staff/donations.csv')).status()).toBe(403);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the treasurer sees the donations only', async ({ page }) => {
  await newStaffMember(page, 'treasurer');
  await expect(consoleSections(page)).toHaveText(['Donations', 'Your sign-in']);
  await expect(page.getByText('No donation yet.')).toBeVisible();
  expect((await page.request.get('/api/staff/members')).status()).toBe(403);
});

test('an administrator sees every section', async ({ page }) => {
  await newStaffMember(page, 'administrator');
  const sections = consoleSections(page);
  await expect(sections).toHaveText([
    'Inbox',
    'Members',
    'Subscribers',
    'Newsletter',
    'Volunteers',
    'Events',
    'Consultations',
    'Donations',
    'Releases',
    'Access log',
    'Staff accounts',
    'Data requests',
    'Your sign-in',
  ]);
  // What each remote and the shell run: here, their configured builds, seen since the console opened.
  await sections.filter({ hasText: 'Releases' }).click();
  const engagement = page.getByRole('article', { name: 'mf-engagement' });
  await expect(engagement).toContainText('Its configured build (no release activated)');
  await expect(engagement.getByRole('region', { name: /last hour/ })).toContainText('configured');
  expect(await accessibilityViolations(page)).toEqual([]);
  await sections.filter({ hasText: 'Access log' }).click();
  await expect(page.getByRole('heading', { name: 'Access log', level: 2 })).toBeVisible();
});

test('the public pages never load the console’s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/', '/contact', '/join', '/news']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const manifest = (await (await page.request.get('/remotes/mf-engagement/mf-manifest.json')).json()) as {
    exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  };
  const consoleChunks = manifest.exposes.find((exposed) => exposed.name === 'StaffConsole')!.assets.js.sync;
  const shared = new Set(
    manifest.exposes.filter((exposed) => exposed.name !== 'StaffConsole').flatMap((exposed) => exposed.assets.js.sync),
  );
  const ownChunks = consoleChunks.filter((chunk) => !shared.has(chunk));
  expect(ownChunks.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => ownChunks.some((chunk) => url.endsWith(chunk)))).toEqual([]);
});
