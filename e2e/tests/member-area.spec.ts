import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { emailedLink, linkTo, mailTo } from '../support/loopback-mailbox';
import { passkeyBaseUrl, virtualAuthenticator } from '../support/virtual-authenticator';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
const PASSWORD = 'correct horse battery';

async function register(page: Page, email: string) {
  await page.goto('/join?tier=member');
  await expectPage(page, 'Join the movement.');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Street address').fill('12 St James Square');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postal/ZIP code').fill('SW1Y 4LB');
  await page.getByLabel('State/county/region').selectOption({ label: 'Greater London' });
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expectPage(page, 'Welcome aboard.');
}

test('register → confirm from the email → my membership → download data → cancel → delete account', async ({
  page,
  expectProblems,
}) => {
  test.setTimeout(60_000);
  // A wrong password (400) and signing in after deletion (401) are provoked on purpose.
  expectProblems(/status of 40[01]/);
  const email = someone('member-area');
  await register(page, email);

  const [confirmation] = await mailTo(requiredEnv('E2E_MAIL_DIR'), email);
  expect(confirmation!.subject).toBe('Confirm your membership');
  const link = new URL(linkTo(confirmation!, '/membership/confirm'));
  await page.goto(`${link.pathname}${link.search}`);
  await expectPage(page, 'One last step.');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Confirm my membership' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/not the password you chose/);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');

  await expectPage(page, 'My membership');
  await expect(toasts(page).getByText('Membership confirmed')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My membership' }),
  ).toBeVisible();
  await expect(page.getByText(/Active since/)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // Loaded afresh, the area is rendered for this member by the server and hydrates without a mismatch.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByText(email)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    membership: { email: string };
    consentRecords: Array<{ form: string; document: string }>;
  };
  expect(data.membership.email).toBe(email);
  expect(data.consentRecords.map((record) => `${record.form}:${record.document}`).sort()).toEqual([
    'membership:privacy-policy',
    'membership:terms-of-use',
  ]);
  expect(JSON.stringify(data)).not.toMatch(/argon2/);

  await page.getByRole('radio', { name: /Advocate/ }).check();
  await page.getByRole('button', { name: 'Save tier' }).click();
  // The summary says so (the tier's radio button carries the same words).
  await expect(page.getByRole('definition').filter({ hasText: 'Advocate · $15/month' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByRole('button', { name: 'Yes, cancel my membership' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Cancelled on/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rejoin' })).toBeVisible();

  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I understand that this cannot be undone.' }).check();
  await remove.click();
  await expect(toasts(page).getByText('Account deleted')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The account is gone: its email and password sign nobody in.
  await page.goto('/members/sign-in');
  await expectPage(page, 'Welcome back.');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match a confirmed membership');
});

async function confirmedMember(page: Page, email: string) {
  await register(page, email);
  const link = await emailedLink(email, '/membership/confirm');
  await page.goto(`${link.pathname}${link.search}`);
  await expectPage(page, 'One last step.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm my membership' }).click();
  await expectPage(page, 'My membership');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectPage(page, /./);
}

test('a forgotten password: sign-in → reset link by email → new password → signed in', async ({ page }) => {
  test.setTimeout(60_000);
  const email = someone('forgot');
  await confirmedMember(page, email);
  await page.goto('/members/sign-in');
  await expectPage(page, 'Welcome back.');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expectPage(page, 'Forgotten your password?');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);

  const link = await emailedLink(email, '/members/reset-password', 'Reset your password');
  await page.goto(`${link.pathname}${link.search}`);
  await expectPage(page, 'A new password.');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expectPage(page, 'My membership');
  await expect(toasts(page).getByText('Password changed')).toBeVisible();
});

test.describe('with a passkey', () => {
  test.use({ baseURL: passkeyBaseUrl(requiredEnv('E2E_BASE_URL')) });

  test('a member adds a passkey; their sign-in then asks for it after the password', async ({ page }) => {
    test.setTimeout(60_000);
    const authenticator = await virtualAuthenticator(page);
    const email = someone('two-step');
    await confirmedMember(page, email);
    await page.goto('/members/sign-in');
    await expectPage(page, 'Welcome back.');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPage(page, 'My membership');

    const security = page.getByRole('region', { name: 'Signing in' });
    const passkey = security.getByRole('form', { name: 'A passkey' });
    await passkey.getByLabel('Name it').fill('My phone');
    await passkey.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(security.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    expect(await authenticator.credentials()).toHaveLength(1);
    await security.getByRole('button', { name: 'I have kept them safe' }).click();
    await expect(security.getByRole('list', { name: 'Your second factors' })).toContainText('My phone · Passkey');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/members/sign-in');
    await expectPage(page, 'Welcome back.');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const factor = page.getByRole('group', { name: 'Your second factor' });
    await expect(factor).toBeVisible();
    expect((await page.request.get('/api/member')).status()).toBe(401);
    await factor.getByRole('button', { name: 'Use my passkey' }).click();
    await expectPage(page, 'My membership');
  });
});

test('the member area sends a visitor who is not signed in to sign in', async ({ page }) => {
  await page.goto('/members/account');
  await expectPage(page, 'Welcome back.');
  await expect(page).toHaveURL(/\/members\/sign-in$/);
  expect(await accessibilityViolations(page)).toEqual([]);
});
