import type { Page } from '@playwright/test';
import { TOTP_PERIOD_SECONDS } from '@party/shared-contracts';
import { currentAppCode } from '../../api-gateway/src/testing/authenticator-app';
import { accessibilityViolations } from '../support/accessibility';
import { expect, requiredEnv, test } from '../support/fixtures';
import {
  administratorApi,
  invite,
  newStaffMember,
  setPasswordFromLink,
  signInWithPassword,
} from '../support/staff-console';
import { passkeyBaseUrl, virtualAuthenticator } from '../support/virtual-authenticator';

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
};
const secondFactor = (page: Page) => page.getByRole('group', { name: 'Your second factor' });

test.describe('with a passkey', () => {
  test.use({ baseURL: passkeyBaseUrl(requiredEnv('E2E_BASE_URL')) });

  test('an invited staff member sets a password, adds a passkey, and signs in with password and passkey', async ({
    page,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const admin = await administratorApi();
    const invited = await invite(admin, 'membership').finally(() => admin.dispose());
    await setPasswordFromLink(page, invited.link, 'a long password for membership');

    // Nothing but adding a second factor until one is added.
    await expect(page.getByRole('heading', { name: 'Protect your account' })).toBeVisible();
    expect((await page.request.get('/api/staff/members')).status()).toBe(401);
    expect(await accessibilityViolations(page)).toEqual([]);
    const passkey = page.getByRole('form', { name: 'A passkey' });
    await passkey.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkey.getByLabel('Name it')).toBeFocused();
    await passkey.getByLabel('Name it').fill('Work laptop');
    await passkey.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'I have kept them safe' }).click();
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText([
      'Members',
      'Volunteers',
      'Events',
      'Your sign-in',
    ]);

    await signOut(page);
    await signInWithPassword(page, { ...invited, password: 'a long password for membership' });
    await expect(secondFactor(page)).toBeVisible();
    expect((await page.request.get('/api/staff/members')).status()).toBe(401);
    expect(await accessibilityViolations(page)).toEqual([]);
    await secondFactor(page).getByRole('button', { name: 'Use my passkey' }).click();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
    expect((await page.request.get('/api/staff/members')).status()).toBe(200);

    await page.getByRole('link', { name: 'Your sign-in' }).click();
    await expect(
      page.getByRole('table', { name: 'Your second factors' }).getByRole('row', { name: /Work laptop Passkey/ }),
    ).toBeVisible();
    // On a phone, its tables scroll inside their boxes; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table', { name: 'Where you are signed in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('with an authenticator app: a recovery code works once, and each app code once', async ({
  page,
  expectProblems,
}) => {
  // It waits for the app's next code, up to 30 s.
  test.setTimeout(75_000);
  // The refusals answer 401, which Chromium reports on the console.
  expectProblems(/Failed to load resource: the server responded with a status of 401/);
  const staff = await newStaffMember(page, 'communications');
  const addedInStep = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  const code = secondFactor(page).getByLabel('Code from your authenticator app, or a recovery code');
  const give = async (value: string) => {
    await code.fill(value);
    await secondFactor(page).getByRole('button', { name: 'Continue' }).click();
  };

  await signOut(page);
  await signInWithPassword(page, staff);
  await expect(secondFactor(page).getByRole('button', { name: 'Use my passkey' })).toHaveCount(0);
  await give(staff.recoveryCodes[0]!);
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, staff);
  await give(staff.recoveryCodes[0]!);
  await expect(secondFactor(page).getByRole('alert')).toHaveText('That did not match: please try again.');
  await expect(secondFactor(page).getByRole('alert')).toBeFocused();

  // The code that added the app is spent: the app's next one, once.
  const wait = (addedInStep + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 50);
  const appCode = await currentAppCode(staff.appSecret);
  await give(appCode);
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, staff);
  await give(appCode);
  await expect(secondFactor(page).getByRole('alert')).toHaveText('That did not match: please try again.');
});

test('a disabled account’s open session is refused at its next request', async ({ page, browser }) => {
  const staff = await newStaffMember(page, 'membership');
  const adminPage = await (await browser.newContext({ baseURL: requiredEnv('E2E_BASE_URL') })).newPage();
  await newStaffMember(adminPage, 'administrator');
  await adminPage.getByRole('link', { name: 'Staff accounts' }).click();
  const row = adminPage.getByRole('row', { name: new RegExp(staff.email.replace(/[+.]/g, '\\$&')) });
  await row.getByRole('button', { name: `Disable ${staff.name}` }).click();
  await expect(row).toContainText('Disabled');
  expect(await accessibilityViolations(adminPage)).toEqual([]);
  await adminPage.context().close();

  expect((await page.request.get('/api/staff/members')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
