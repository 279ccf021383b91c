import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { linkTo, mailTo } from '../support/loopback-mailbox';
import { newStaffMember } from '../support/staff-console';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** Asks on the data rights page, by keyboard, and opens the link the email brings (its `count`th). */
async function askAndFollow(page: Page, email: string, request: 'copy' | 'erasure', count: number) {
  await page.goto('/your-data');
  await expectPage(page, 'Your data, your call.');
  const form = page.getByRole('form', { name: 'Ask for your data' });
  await form.getByLabel('Email address').fill(email);
  await form
    .getByRole('radio', { name: request === 'copy' ? /A copy of everything/ : /The erasure of everything/ })
    .check();
  await form.getByRole('button', { name: 'Email me the link' }).press('Enter');
  await expect(form.getByRole('status')).toContainText(`We have emailed ${email} a link`);
  await expect(form.getByRole('status')).toBeFocused();
  const linkPage = request === 'copy' ? '/your-data/copy' : '/your-data/erasure';
  const mails = await mailTo(requiredEnv('E2E_MAIL_DIR'), email, {
    count,
    where: (mail) => (mail.text ?? '').includes(linkPage),
  });
  const link = new URL(linkTo(mails.at(-1)!, linkPage));
  await page.goto(`${link.pathname}${link.search}`);
}

async function downloadCopy(page: Page) {
  await expectPage(page, 'Everything we hold, in one file.');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  await expect(page.getByRole('status')).toContainText('Your data is downloaded');
  return JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
}

test('a subscriber who is no member downloads what is held under their address, then has it erased: nothing of theirs remains', async ({
  page,
  expectProblems,
}) => {
  test.setTimeout(60_000);
  // The used link is refused (410) on purpose.
  expectProblems(/status of 410/);
  const email = someone('reader');
  const newsletter = await page.request.post('/api/newsletter', {
    data: { email },
    headers: { origin: requiredEnv('E2E_BASE_URL') },
  });
  expect(newsletter.status()).toBe(201);

  await askAndFollow(page, email, 'copy', 1);
  expect(await accessibilityViolations(page)).toEqual([]);
  const before = await downloadCopy(page);
  expect(before).toMatchObject({
    membership: null,
    newsletterSubscription: { email, status: 'pending' },
    emailsSentToYou: expect.arrayContaining([expect.objectContaining({ kind: 'newsletter-confirmation' })]),
  });

  await askAndFollow(page, email, 'erasure', 1);
  await expectPage(page, 'Gone, as you asked.');
  await expect(page.getByText(/election law makes us keep the donor’s name/)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page.getByRole('status')).toContainText('Your data is erased');
  await expect(page.getByRole('status')).toBeFocused();

  // A link works once.
  await page.reload();
  await expectPage(page, 'Gone, as you asked.');
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used.');

  await askAndFollow(page, email, 'copy', 2);
  const after = await downloadCopy(page);
  expect(after).toMatchObject({
    membership: null,
    newsletterSubscription: null,
    contactMessages: [],
    consentRecords: [],
  });
  // What remains is this very request, until it expires.
  expect(after.dataRequests).toEqual([expect.objectContaining({ kind: 'copy' })]);
});

test('the same request answered by staff with the privacy duty: found, sent as a file, erased, each in the access log', async ({
  page,
}) => {
  const email = someone('by-letter');
  const newsletter = await page.request.post('/api/newsletter', {
    data: { email },
    headers: { origin: requiredEnv('E2E_BASE_URL') },
  });
  expect(newsletter.status()).toBe(201);

  await newStaffMember(page, 'administrator');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Data requests' }).click();
  await page.getByLabel('Their email address').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
  const held = page.getByRole('region', { name: `What we hold under ${email}` });
  await expect(held.getByRole('definition').first()).toBeVisible();
  await expect(held).toContainText('Newsletter subscriptionYes');
  expect(await accessibilityViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    held.getByRole('link', { name: /Download all of it as JSON/ }).click(),
  ]);
  const copy = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
  expect(copy).toMatchObject({ membership: null, newsletterSubscription: { email, status: 'pending' } });

  const erase = held.getByRole('form', { name: 'Erase it, on their behalf' });
  await erase.getByRole('button', { name: 'Erase their data' }).click();
  await expect(erase.getByRole('checkbox')).toBeFocused();
  await erase.getByRole('checkbox', { name: /They asked for the erasure/ }).check();
  await erase.getByRole('button', { name: 'Erase their data' }).click();
  await expect(toasts(page).getByText('Erased')).toBeVisible();
  await expect(held).toContainText('Newsletter subscriptionNone');

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Access log' }).click();
  const log = page.getByRole('table', { name: /Access to member, donation and door-list records/ });
  await expect(log.getByRole('row').filter({ hasText: 'Erased a person’s data' }).first()).toBeVisible();
  await expect(log).not.toContainText(email);
});
