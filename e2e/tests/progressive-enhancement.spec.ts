import type { Page, Request } from '@playwright/test';
import { dataRightsLinks, eventLinks, formPaths, memberLinks, newsletterLinks } from '@party/shared-contracts';
import { accessibilityViolations, accessibilityViolationsWithoutScripts } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { builtRoutes, samplePath } from '../support/built-routes';
import { confirmedMember, joinedMember } from '../support/members';
import { emailedLink } from '../support/loopback-mailbox';
import { dataRequestLink } from '../support/data-rights';
import { subscribedReader } from '../support/newsletter';
import { scheduleEvent } from '../support/test-events';

// The site before its code arrives and without it (docs/decisions/0036): what a visitor does on the
// server's HTML takes effect, natively (links, GET forms, the popover menu, page forms the gateway
// answers) or held by the page's inline script and sent once as the code takes over.

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
const articles = (page: Page) => page.getByRole('main').getByRole('list').first().getByRole('link');
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
const notHydrated = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

/** Every script held until `release()`: the page as a slow phone has it before its code arrives. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The requests that sent a form (the browser's own post to a page, or the page code's to the API). */
function formPosts(page: Page, paths: RegExp) {
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && paths.test(url.pathname)) sent.push(url.pathname);
  });
  return sent;
}

test.describe('before the page’s code arrives', () => {
  test('the news search and category, typed and chosen, filter the list once it runs', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Search news').fill('pupils');
    await page.getByLabel('Category').selectOption('Research');
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/news\?q=pupils&category=Research$/);
    await expect(articles(page)).toHaveCount(1);
    await expect(articles(page)).toHaveText('Small-group tutoring: the results from 40,000 pupils');
  });

  test('a news search sent with Enter is answered by the server', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Search news').fill('pupils');
    await page.getByLabel('Search news').press('Enter');
    await expect(page).toHaveURL(/\/news\?q=pupils&category=All#articles$/);
    await expect(articles(page)).toHaveCount(1);
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(articles(page)).toHaveCount(1);
  });

  test('Past Events, a type and a policy area are links the server answers', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/events', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'Past Events' }).click();
    await expect(page).toHaveURL(/\/events\?when=past#calendar$/);
    await expect(page.getByRole('link', { name: 'View recap: Tutoring evidence webinar' })).toBeVisible();
    await page.getByRole('link', { name: 'Virtual' }).click();
    await expect(page).toHaveURL(/\/events\?when=past&type=virtual#calendar$/);
    await expect(page.getByRole('link', { name: 'Virtual' })).toHaveAttribute('aria-current', 'true');

    await page.goto('/policy', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'Healthcare' }).click();
    await expect(page).toHaveURL(/\/policy\?area=healthcare#areas$/);
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Healthcare');
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'Healthcare' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const leadership = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leadership' });
    await expect(leadership).toBeHidden();
    await page.getByRole('button', { name: 'Main menu' }).click();
    await expect(leadership).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(leadership).toBeHidden();
    await expect(page.getByRole('button', { name: 'Main menu' })).toBeFocused();
    await notHydrated(page);
    release();
    await hydrated(page);
  });

  test('the mobile menu opened before the code arrives stays open once it runs', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const toggle = page.getByRole('button', { name: 'Main menu' });
    const menuOpen = () => page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'));
    await toggle.click();
    expect(await menuOpen()).toBe(true);
    await notHydrated(page);
    release();
    await hydrated(page);
    // The toggle says so once the code has run every effect of its first render.
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await menuOpen()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a contact message sent is sent once and confirmed', async ({ page }) => {
    const release = await holdScripts(page);
    const posts = formPosts(page, /^\/(api\/)?contact$/);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').first().fill(someone('ada'));
    await page.getByLabel('Subject').selectOption('policy');
    await page.getByRole('textbox', { name: 'Message' }).fill('Which evidence supports the open procurement proposal?');
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=contact#form-contact$/);
    const status = page.getByRole('form', { name: 'Send us a message' }).getByRole('status');
    await expect(status).toContainText('Message sent');
    await notHydrated(page);
    release();
    await hydrated(page);
    expect(posts).toEqual(['/contact']);
    await expect(status).toContainText('Message sent');
  });

  test('a tier chosen and the registration sent open the confirmation', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/join', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Become an Advocate' }).click();
    await expect(page).toHaveURL(/\/join\?tier=advocate#registration$/);
    await expect(page.getByRole('radio', { name: /Advocate/ })).toBeChecked();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill(someone('member'));
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Street address').fill('12 St James Square');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Postal/ZIP code').fill('SW1Y 4LB');
    await page.getByLabel('State/county/region').selectOption('Greater London');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    // The browser keeps the fragment of the form's action across the redirect.
    await expect(page).toHaveURL(/\/membership-confirmation\?tier=advocate(#form-membership)?$/);
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/membership-confirmation\?tier=advocate(#form-membership)?$/);
  });

  test('a newsletter sign-up is sent once and says what comes next', async ({ page }) => {
    const release = await holdScripts(page);
    const posts = formPosts(page, /^\/(api\/newsletter|contact)$/);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const signUp = page.getByRole('region', { name: 'Get the evidence in your inbox' });
    await signUp.getByLabel('Email address').fill(someone('reader'));
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=newsletter#form-newsletter$/);
    await expect(signUp.getByRole('status')).toContainText('Almost done');
    release();
    await hydrated(page);
    expect(posts).toEqual(['/contact']);
    await expect(signUp.getByRole('status')).toContainText('Almost done');
  });

  test('a contact form sent with mistakes comes back with them, and its code takes the visitor to the first', async ({
    page,
    expectProblems,
  }) => {
    // The page that says what was wrong is answered 400, which Chromium reports on the console.
    expectProblems(/status of 400/);
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Full name').fill('A');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#form-contact$/);
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveValue('A');
  });

  test('a form the server cannot answer is held, then sent once by its code as it hydrates', async ({
    page,
    baseURL,
  }) => {
    // A copy of one's data is a file the page's code saves: the gateway cannot answer its post alone.
    const link = await dataRequestLink(baseURL!, someone('reader'), 'copy');
    const release = await holdScripts(page);
    const posts = formPosts(page, /^\/(api\/)?your-data\/copy$/);
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Download my data' }).click();
    await notHydrated(page);
    expect(posts).toEqual([]);
    const download = page.waitForEvent('download');
    release();
    await hydrated(page);
    await expect(page.getByRole('status')).toContainText('Your data is downloaded');
    expect((await download).suggestedFilename()).toBe('my-refoundation-party-data.json');
    expect(posts).toEqual([dataRightsLinks.copyEndpoint]);
  });

  test('a member’s sign-in, refused, says why once its code runs, the address kept', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/status of 401/);
    const release = await holdScripts(page);
    const posts = formPosts(page, /^\/(api\/member\/session|members\/sign-in)$/);
    const email = someone('nobody');
    await page.goto(memberLinks.signInPage, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('That email and password do not match a confirmed membership');
    await notHydrated(page);
    release();
    await hydrated(page);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByRole('alert')).toBeVisible();
    expect(posts).toEqual([memberLinks.signInPage]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page reads complete, and the mobile menu opens and closes', async ({ page }) => {
    for (const path of new Set(builtRoutes.map((route) => samplePath(route.path)))) {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      await expect.soft(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/news/budget-transparency-act');
    await expect(page.getByRole('article').getByRole('paragraph').first()).toBeVisible();
    const leadership = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leadership' });
    await page.getByRole('button', { name: 'Main menu' }).click();
    await expect(leadership).toBeVisible();
    await page.getByRole('button', { name: 'Main menu' }).click();
    await expect(leadership).toBeHidden();
    await page.getByRole('button', { name: 'Main menu' }).click();
    await leadership.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('People who have built things that work.');
  });

  test('the news, events and policy filters are answered by the server', async ({ page }) => {
    await page.goto('/news');
    await page.getByLabel('Search news').fill('pupils');
    await page.getByLabel('Category').selectOption('Research');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/news\?q=pupils&category=Research#articles$/);
    await expect(articles(page)).toHaveCount(1);

    await page.goto('/events?type=virtual');
    await expect(page.getByRole('link', { name: 'Virtual' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('tab', { name: 'Past Events' }).click();
    await expect(page).toHaveURL(/\/events\?when=past&type=virtual#calendar$/);
    await expect(page.getByRole('tab', { name: 'Past Events' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/policy');
    await page.getByRole('tab', { name: 'Education' }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Education');
  });

  test('a contact form with mistakes comes back with them, what was typed kept; corrected, it is sent', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/status of 400/);
    await page.goto('/contact');
    await page.getByLabel('Full name').fill('A');
    await page.getByRole('textbox', { name: 'Message' }).fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#form-contact$/);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByRole('alert')).toHaveText(
      'Some fields need your attention. Please correct them and try again.',
    );
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please select a subject')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(form.getByText('You must agree to the privacy policy')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('A');
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').first().fill(someone('ada'));
    await page.getByLabel('Subject').selectOption('media');
    await page.getByRole('textbox', { name: 'Message' }).fill('I am writing a piece on the audit office proposal.');
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=contact#form-contact$/);
    await expect(form.getByRole('status')).toContainText('Message sent');
  });

  test('volunteering, an event place and a data request are sent', async ({ page }) => {
    await page.goto('/volunteer');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email address').fill(someone('grace'));
    await page.getByRole('checkbox', { name: 'Organising events' }).check();
    await page.getByRole('radio', { name: 'Weekends' }).check();
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Sign Up to Volunteer' }).click();
    await expect(page).toHaveURL(/\/volunteer\?sent=volunteer#form-volunteer$/);
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for volunteering' })).toBeVisible();

    await page.goto('/events');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Register: / })
      .first()
      .click();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email address').fill(someone('grace'));
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\?sent=eventRegistration#form-eventRegistration$/);
    await expect(page.getByRole('status').filter({ hasText: "You're registered" })).toBeVisible();

    await page.goto('/your-data');
    await page.getByLabel('Email address').fill(someone('grace'));
    await page.getByRole('radio', { name: /copy/ }).check();
    await page.getByRole('button', { name: 'Email me the link' }).click();
    await expect(page).toHaveURL(/\/your-data\?sent=dataRequest#form-dataRequest$/);
    await expect(page.getByRole('status')).toContainText('We have emailed the address you gave a link');
  });

  test('a place is cancelled from its emailed link, and the freed place taken by the next from theirs', async ({
    page,
    request,
  }) => {
    const id = `one-place-${Date.now()}`;
    const title = `A meeting of one, ${id.slice(10)}`;
    await scheduleEvent({ id, title, capacity: '1' });
    const [first, second] = [someone('first'), someone('second')];
    for (const [name, email] of [
      ['Mary Jackson', first],
      ['Katherine Johnson', second],
    ])
      await request.post(formPaths.eventRegistration, {
        data: { eventId: id, name, email, privacy: true },
        failOnStatusCode: true,
      });

    const confirmed = await emailedLink(first, eventLinks.placePage, `Your place at ${title} is confirmed`);
    await page.goto(`${confirmed.pathname}${confirmed.search}`);
    await expect(page.getByText('Your place is confirmed.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel my place' }).click();
    await expect(page.getByText('This place is cancelled.')).toBeVisible();
    expect(page.url()).toContain('token=');

    const offered = await emailedLink(second, eventLinks.placePage, `A place has come free at ${title}`);
    await page.goto(`${offered.pathname}${offered.search}`);
    await expect(page.getByText(/A place has come free for you/)).toBeVisible();
    await page.getByRole('button', { name: 'Take the place' }).click();
    await expect(page.getByText('Your place is confirmed.')).toBeVisible();
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);
  });

  test('a member signs in, reads their membership and signs out; a wrong password is said so, never echoed', async ({
    page,
    baseURL,
    expectProblems,
  }) => {
    expectProblems(/status of 401/);
    const email = someone('member');
    const password = 'correct horse battery';
    // Joined and confirmed (the confirmation's password step is the page's code: not this test's subject).
    await confirmedMember(baseURL!, { email, password, tier: 'advocate' });

    await page.goto(memberLinks.accountPage);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('That email and password do not match a confirmed membership');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The browser keeps the fragment of the form's action across the redirect.
    await expect(page).toHaveURL(new RegExp(`${memberLinks.accountPage}(#form-memberSignIn)?$`));
    const membership = page.getByRole('region', { name: 'Your membership', exact: true });
    await expect(membership).toContainText(email);
    await expect(membership).toContainText('Advocate');
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);

    await membership.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/(#form-memberSignOut)?$/);
    await page.goto(memberLinks.accountPage);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your membership', exact: true })).toHaveCount(0);
  });

  test('a membership is confirmed from its emailed link; a forgotten password is chosen again from its own', async ({
    page,
    baseURL,
    expectProblems,
  }) => {
    expectProblems(/status of 4(00|10)/);
    const email = someone('member');
    const link = await joinedMember(baseURL!, { email, password: 'correct horse battery', tier: 'member' });

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Confirm my membership' }).click();
    await expect(page.getByRole('alert').first()).toContainText(
      'That is not the password you chose when you registered',
    );
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await accessibilityViolationsWithoutScripts(page)).toEqual([]);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Confirm my membership' }).click();
    await expect(page).toHaveURL(new RegExp(`${memberLinks.accountPage}(#form-membershipConfirmation)?$`));
    await expect(page.getByRole('region', { name: 'Your membership', exact: true })).toContainText(email);

    await page.goto(memberLinks.forgotPasswordPage);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toContainText('If that address holds a membership, we have emailed it');
    const reset = await emailedLink(email, memberLinks.resetPasswordPage, 'Reset your password');
    await page.goto(`${reset.pathname}${reset.search}`);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page).toHaveURL(new RegExp(`${memberLinks.accountPage}(#form-newPassword)?$`));
    await expect(page.getByRole('region', { name: 'Your membership', exact: true })).toContainText(email);

    // The link is spent: used again, it says so and leads to a new one.
    await page.goto(`${reset.pathname}${reset.search}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(new RegExp(`${memberLinks.forgotPasswordPage}$`));
  });

  test('a subscription is confirmed from its emailed link, and ended from the welcome’s', async ({ page, baseURL }) => {
    const email = someone('reader');
    const confirm = await subscribedReader(baseURL!, email);
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toContainText("You're subscribed");

    const unsubscribe = await emailedLink(
      email,
      newsletterLinks.unsubscribePage,
      'You are subscribed to our newsletter',
    );
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toContainText("You're unsubscribed");
  });

  test('the donate page says giving needs a wallet and JavaScript, and offers other ways to help', async ({ page }) => {
    await page.goto('/donate');
    // In <noscript>: Chromium with scripts switched off by Playwright still parses it as text, so
    // what it says is read from the document rather than seen.
    const noscript = await page.locator('#donate noscript').textContent();
    expect(noscript).toContain('Giving needs a browser wallet and JavaScript.');
    for (const way of ['Become a Member', 'Volunteer', 'Contact us']) expect(noscript).toContain(way);
  });
});
