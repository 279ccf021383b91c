import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { staffLinks, type StaffRole } from '@party/shared-contracts';
import { currentAppCode } from '../../api-gateway/src/testing/authenticator-app';
import { runTestProcess } from '../../api-gateway/src/testing/test-processes';
import { expect, expectPage, requiredEnv } from './fixtures';
import { repositoryRoot } from './local-processes';
import { linkTo, mailTo } from './loopback-mailbox';

export interface StaffAccount {
  email: string;
  password: string;
  name: string;
}

const unique = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@party.example`;

/**
 * A new administrator, made as the first one is: `npm run staff -- add`, here through the running
 * site's control socket (`dataDirEnv` names the variable holding its embedded database's folder).
 */
export async function newAdministrator(
  dataDirEnv: 'E2E_SITE_DATA_DIR' | 'E2E_CHAIN_DATA_DIR' = 'E2E_SITE_DATA_DIR',
): Promise<StaffAccount> {
  const email = unique('admin');
  const name = `Admin ${email.slice(6, 19)}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: requiredEnv(dataDirEnv), LOG_LEVEL: 'error' };
  delete env.DATABASE_URL;
  const { stdout } = await runTestProcess(
    'npm run staff',
    process.execPath,
    ['api-gateway/dist/cli/staff.js', 'add', '--email', email, '--name', name],
    { cwd: repositoryRoot, env },
  );
  return { email, name, password: stdout.trim().split('\n').at(-1)! };
}

/**
 * After the password, on /staff: an account without a second factor adds an authenticator app (its
 * key read from the page, its codes computed as the app would) and keeps its recovery codes.
 */
export async function addAppAtFirstSignIn(page: Page): Promise<{ appSecret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Protect your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an app' }).click();
  const form = page.getByRole('form', { name: 'An authenticator app' });
  const appSecret = (await form.locator('code').textContent())!.replace(/\s/g, '');
  await form.getByLabel('The six-digit code the app now shows').fill(await currentAppCode(appSecret));
  await form.getByRole('button', { name: 'Add the app' }).click();
  const codes = page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have kept them safe' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return { appSecret, recoveryCodes };
}

/** Signs in on /staff with the password; the second step is the caller's (or addAppAtFirstSignIn's). */
export async function signInWithPassword(page: Page, { email, password }: StaffAccount) {
  await page.goto('/staff');
  await expectPage(page, 'Staff console');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Which of the test sites: the main one, or the one on the local chains (donate.spec.ts). */
export type TestSite =
  | { baseUrlEnv: 'E2E_BASE_URL'; dataDirEnv: 'E2E_SITE_DATA_DIR' }
  | { baseUrlEnv: 'E2E_CHAIN_BASE_URL'; dataDirEnv: 'E2E_CHAIN_DATA_DIR' };
const MAIN_SITE: TestSite = { baseUrlEnv: 'E2E_BASE_URL', dataDirEnv: 'E2E_SITE_DATA_DIR' };

/** A new administrator signed in through the gateway's API (password, then an app added), to act as one. */
export async function administratorApi(site: TestSite = MAIN_SITE): Promise<APIRequestContext> {
  const baseURL = requiredEnv(site.baseUrlEnv);
  const admin = await newAdministrator(site.dataDirEnv);
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await api.post(staffLinks.sessionEndpoint, {
    data: { email: admin.email, password: admin.password },
    failOnStatusCode: true,
  });
  const { secret } = (await (
    await api.post(`${staffLinks.factorsEndpoint}/app/secret`, { failOnStatusCode: true })
  ).json()) as { secret: string };
  await api.post(`${staffLinks.factorsEndpoint}/app`, {
    data: { code: await currentAppCode(secret), label: 'Phone' },
    failOnStatusCode: true,
  });
  return api;
}

/** Someone invited by `admin` as `role`: their name and address, and the path of the emailed link. */
export async function invite(
  admin: APIRequestContext,
  role: StaffRole,
): Promise<{ email: string; name: string; link: string }> {
  const invitee = { email: unique(role), name: `Staff ${role}` };
  await admin.post(staffLinks.accountsEndpoint, { data: { ...invitee, role }, failOnStatusCode: true });
  const [invitation] = await mailTo(requiredEnv('E2E_MAIL_DIR'), invitee.email);
  const link = new URL(linkTo(invitation!, staffLinks.passwordPage));
  return { ...invitee, link: `${link.pathname}${link.search}` };
}

/** Follows an invitation or password link on `page` and sets the password. */
export async function setPasswordFromLink(page: Page, link: string, password: string) {
  await page.goto(link);
  await expectPage(page, 'Your password.');
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set my password' }).click();
}

/**
 * A new staff member of `role`, signed in on `page` (at `site`) as they would be the first time: an
 * administrator invites them; they follow the emailed link, choose a password and add an app.
 */
export async function newStaffMember(
  page: Page,
  role: StaffRole,
  site: TestSite = MAIN_SITE,
): Promise<StaffAccount & { appSecret: string; recoveryCodes: string[] }> {
  if (role === 'administrator') {
    const admin = await newAdministrator(site.dataDirEnv);
    await signInWithPassword(page, admin);
    return { ...admin, ...(await addAppAtFirstSignIn(page)) };
  }
  const admin = await administratorApi(site);
  const invited = await invite(admin, role).finally(() => admin.dispose());
  const password = `a long password for ${role}`;
  await setPasswordFromLink(page, invited.link, password);
  return { ...invited, password, ...(await addAppAtFirstSignIn(page)) };
}
