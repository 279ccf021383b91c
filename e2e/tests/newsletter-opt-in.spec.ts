import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test } from '../support/fixtures';
import { linkTo, mailTo, rawHeader } from '../support/loopback-mailbox';

const mailDir = () => requiredEnv('E2E_MAIL_DIR');
// By subject: a newsletter sent from the staff console meanwhile reaches these addresses too.
const welcomeTo = async (email: string) =>
  (await mailTo(mailDir(), email, { where: (mail) => mail.subject === 'You are subscribed to our newsletter' }))[0]!;
const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** The link's path and query on the site under test (links name the site's own origin). */
const onThisSite = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function signUp(page: Page, email: string) {
  await page.goto('/contact');
  await expectPage(page, 'Talk to us.');
  const signup = page.getByRole('region', { name: 'Get the evidence in your inbox' });
  await signup.getByLabel('Email address').fill(email);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signup.getByRole('status')).toContainText('Open the link in the email we have just sent you');
  await expect(signup.getByRole('status')).toBeFocused();
}

test.describe('newsletter double opt-in, through a real SMTP server on loopback', () => {
  test('sign up → confirm from the email → subscribed → unsubscribe from the newsletter’s link', async ({ page }) => {
    const email = someone('opt-in');
    await signUp(page, email);

    const [confirmation] = await mailTo(mailDir(), email);
    expect(confirmation!.subject).toBe('Confirm your subscription to our newsletter');
    await page.goto(onThisSite(linkTo(confirmation!, '/newsletter/confirm')));
    await expectPage(page, "One click, and you're in.");
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm my subscription' }).press('Enter');
    await expect(page.getByRole('status')).toContainText("You're subscribed");
    await expect(page.getByRole('status')).toBeFocused();

    // The newsletter's first email carries the one-click headers and the unsubscribe link.
    const welcome = await welcomeTo(email);
    expect(rawHeader(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(welcome, 'list-unsubscribe')).toMatch(
      /^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>$/,
    );
    await page.goto(onThisSite(linkTo(welcome, '/newsletter/unsubscribe')));
    await expectPage(page, 'Sorry to see you go.');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toContainText("You're unsubscribed");

    // The address was deleted, not merely flagged: signing up again starts again with a new email.
    await signUp(page, email);
    await mailTo(mailDir(), email, {
      count: 2,
      where: (mail) => mail.subject === 'Confirm your subscription to our newsletter',
    });
  });

  test('a mail program unsubscribes in one click (RFC 8058), without a browser', async ({ page, request }) => {
    const email = someone('one-click');
    await signUp(page, email);
    await page.goto(onThisSite(linkTo((await mailTo(mailDir(), email))[0]!, '/newsletter/confirm')));
    await expectPage(page, "One click, and you're in.");
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toContainText("You're subscribed");

    const welcome = await welcomeTo(email);
    const oneClick = /<([^>]+)>/.exec(rawHeader(welcome, 'list-unsubscribe') ?? '')![1]!;
    const response = await request.post(onThisSite(oneClick), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(response.status()).toBe(200);
  });

  test('a used link says so, and offers the sign-up again', async ({ page, expectProblems }) => {
    expectProblems(/status of 410/);
    const email = someone('used-link');
    await signUp(page, email);
    const link = onThisSite(linkTo((await mailTo(mailDir(), email))[0]!, '/newsletter/confirm'));
    for (const expected of ["You're subscribed", 'expired or has already been used']) {
      await page.goto(link);
      await expectPage(page, "One click, and you're in.");
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByRole(expected.startsWith('You') ? 'status' : 'alert')).toContainText(expected);
    }
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });
});
