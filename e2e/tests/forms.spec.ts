import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { mailTo } from '../support/loopback-mailbox';

/** A different person on every run, so that the real database never sees the same one twice. */
const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

test.describe('contact', () => {
  test('a visitor sends a message by keyboard alone and is thanked; the form empties', async ({ page }) => {
    await page.goto('/contact');
    await expectPage(page, 'Talk to us.');

    await page.getByLabel('Full name').focus();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type(someone('ada'));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Subject')).toBeFocused();
    await page.getByLabel('Subject').selectOption('media');
    await page.keyboard.press('Tab');
    await page.keyboard.type('I am writing a piece on the audit office proposal.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'privacy policy', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(toasts(page).getByText('Message sent!')).toBeVisible();
    await expect(toasts(page).getByText("We'll get back to you as soon as possible.")).toBeVisible();
    // Where the form is, a confirmation that outlasts the toast takes the focus.
    const sent = page.getByRole('form', { name: 'Send us a message' }).getByRole('status');
    await expect(sent).toContainText('Message sent');
    await expect(sent).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: /privacy policy/ })).not.toBeChecked();
  });

  test('a message reaches the party’s inbox, to be answered by replying to the visitor', async ({ page }) => {
    const email = someone('to-the-inbox');
    await page.goto('/contact');
    await expectPage(page, 'Talk to us.');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').fill('Grace Hopper');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Subject').selectOption('policy');
    await form.getByRole('textbox', { name: 'Message' }).fill('Which evidence supports the open procurement proposal?');
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText('Message sent!')).toBeVisible();

    const [message] = await mailTo(requiredEnv('E2E_MAIL_DIR'), requiredEnv('E2E_PARTY_INBOX'), {
      where: (mail) => mail.replyTo?.text === email,
    });
    expect(message?.subject).toBe('Contact form · Policy question or idea · Grace Hopper');
    expect(message?.text).toContain('Which evidence supports the open procurement proposal?');
  });

  test('invalid fields show the messages of docs/product.md and the first one takes the focus', async ({ page }) => {
    await page.goto('/contact');
    await expectPage(page, 'Talk to us.');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const form = page.getByRole('form', { name: 'Send us a message' });
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a subject',
      'Message must be at least 10 characters',
      'You must agree to the privacy policy',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
  });

  test('a server error shows the destructive toast with a human sentence', async ({ page, expectProblems }) => {
    expectProblems(/Failed to load resource: the server responded with a status of 503/);
    // The gateway's answer when its database is down (api-gateway tests provoke the real one).
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        json: { message: 'We could not save your submission just now. Please try again in a few minutes.' },
      }),
    );
    await page.goto('/contact');
    await expectPage(page, 'Talk to us.');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByRole('form', { name: 'Send us a message' }).getByLabel('Email address').fill(someone('ada'));
    await page.getByLabel('Subject').selectOption('general');
    await page.getByLabel('Message', { exact: true }).fill('Is the audit office proposal costed?');
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send Message' }).click();

    const toast = toasts(page).getByRole('listitem');
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await expect(
      toast.getByText('We could not save your submission just now. Please try again in a few minutes.'),
    ).toBeVisible();
    await expect(toast).not.toContainText('503');
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  });
});

test.describe('newsletter', () => {
  test('on the News page, the engagement remote’s sign-up subscribes a reader', async ({ page }) => {
    await page.goto('/news');
    await expectPage(page, 'News and research');
    const signup = page.getByRole('region', { name: 'Get the evidence in your inbox' });
    await signup.getByLabel('Email address').fill(someone('reader'));
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page).getByText('Subscribed!')).toBeVisible();
    await expect(signup.getByLabel('Email address')).toHaveValue('');
  });

  test('an empty address gives the toast of docs/product.md; on the Contact page too', async ({ page }) => {
    await page.goto('/contact');
    await expectPage(page, 'Talk to us.');
    const signup = page.getByRole('region', { name: 'Get the evidence in your inbox' });
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page).getByText('Please enter your email address')).toBeVisible();
    await expect(signup.getByLabel('Email address')).toBeFocused();

    await signup.getByLabel('Email address').fill(someone('contact-reader'));
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page).getByText('Subscribed!')).toBeVisible();
  });

  test('when the engagement remote is down, the News page stays and only the sign-up shows its fallback', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/could not be shown|RUNTIME-\d+|Failed to load resource|net::ERR_FAILED/);
    await page.route('**/remotes/mf-engagement/**', (route) => route.abort('failed'));
    await page.goto('/news');
    await expectPage(page, 'News and research');
    await expect(page.getByRole('link', { name: /Budget Transparency Act/ })).toBeVisible();
    // The sign-up's code is fetched as it comes into view.
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(page.getByRole('alert')).toHaveText(/The newsletter sign-up could not be loaded just now./);

    await page.unroute('**/remotes/mf-engagement/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Get the evidence in your inbox' })).toBeVisible();
  });
});

test.describe('membership', () => {
  test('a tier card sets the tier; registering welcomes the member and opens the confirmation', async ({ page }) => {
    await page.goto('/join?tier=supporter');
    await expectPage(page, 'Join the movement.');
    const level = page.getByRole('group', { name: 'Membership level' });
    await expect(level.getByRole('radio', { name: /Supporter/ })).toBeChecked();

    await page.getByRole('link', { name: 'Become an Advocate' }).click();
    await expect(level.getByRole('radio', { name: /Advocate/ })).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Membership registration' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Membership registration' })).toBeInViewport();

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email address').fill(someone('grace'));
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Street address').fill('10 Downing Lane');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Postal/ZIP code').fill('LS1 4AP');
    await page.getByLabel('State/county/region').selectOption({ label: 'West Yorkshire' });
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await expectPage(page, 'Welcome aboard.');
    await expect(page).toHaveURL(/\/membership-confirmation\?tier=advocate$/);
    await expect(page.getByText('You joined as Advocate ($15/month).', { exact: false })).toBeVisible();
    await expect(toasts(page).getByText('Welcome to The Refoundation Party!')).toBeVisible();
    await expect(toasts(page).getByText('Your membership has been successfully processed.')).toBeVisible();
  });

  test('an incomplete registration shows every message of docs/product.md, summarised at the top', async ({ page }) => {
    await page.goto('/join');
    await expectPage(page, 'Join the movement.');
    await page.getByLabel('Password').fill('1234567');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    const summary = page.locator('[data-error-summary]');
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Please enter your address',
      'Please enter your city',
      'Please enter a valid postal/ZIP code',
      'Please select your state/county/region',
      'Please select a membership tier',
      'You must agree to the terms and conditions',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      await expect(page.locator('[data-field]').getByText(message)).toBeVisible();
    }
    // The summary at the top of the form takes the focus; each of its links leads to its field.
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: 'Please enter your city' }).click();
    await expect(page.getByLabel('City')).toBeFocused();
    await summary.getByRole('link', { name: 'You must agree to the terms and conditions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeFocused();
  });
});

test('a volunteer signs up', async ({ page }) => {
  await page.goto('/volunteer');
  await expectPage(page, 'Lend us your skills.');
  await page.getByLabel('Full name').fill('Katherine Johnson');
  await page.getByLabel('Email address').fill(someone('kj'));
  await page.getByRole('checkbox', { name: 'Policy research and data' }).check();
  await page.getByRole('radio', { name: 'Weekends' }).check();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('button', { name: 'Sign Up to Volunteer' }).click();
  await expect(toasts(page).getByText('Thank you for volunteering!')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
});
