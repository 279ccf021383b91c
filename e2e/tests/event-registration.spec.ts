import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, test } from '../support/fixtures';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

test('a visitor registers for an event from its card, by keyboard, and sees the place saved', async ({ page }) => {
  await page.goto('/events');
  await expectPage(page, 'Meet us, question us, work with us.');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Town Hall: Denver' }) });
  // Dates carry their year and times their zone; the date is shown once per card.
  await expect(card).toContainText('Thursday · 18:30 – 20:30 MST');
  await expect(card).toContainText('2026');
  await card.getByRole('link', { name: 'Register: Town Hall: Denver' }).click();

  await expectPage(page, 'Town Hall: Denver');
  await expect(page).toHaveURL(/\/events\/town-hall-denver#register$/);
  const form = page.getByRole('form', { name: 'Register for this event' });
  await expect(form).toBeInViewport();
  await expect(page.getByText('Thursday 3 December 2026')).toBeVisible();

  await form.getByLabel('Full name').focus();
  await page.keyboard.type('Mary Jackson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(someone('event'));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Register' }).press('Enter');

  const saved = form.getByRole('status');
  await expect(saved).toContainText('Your place at Town Hall: Denver is confirmed.');
  await expect(saved).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('past events come latest first and offer their recap, not a registration', async ({ page }) => {
  await page.goto('/events');
  await expectPage(page, 'Meet us, question us, work with us.');
  await page.getByRole('tab', { name: 'Past Events' }).click();
  const recaps = page.getByRole('tabpanel').getByRole('link', { name: /^View recap/ });
  await expect(recaps.first()).toHaveAccessibleName('View recap: Q&A: a public register of algorithms');
  await recaps.first().click();
  await expectPage(page, 'Q&A: a public register of algorithms');
  await expect(page.getByRole('form', { name: 'Register for this event' })).toHaveCount(0);
});

test('on an event page visited first, the registration form’s code loads once it is in view, and what is typed and sent before it has loaded is kept and sent', async ({
  page,
}) => {
  const engagementScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().includes('/remotes/mf-engagement/'))
      engagementScripts.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/events/town-hall-denver');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(engagementScripts).toEqual([]);

  // The widget's code arrives only after the visitor has typed and sent the form (the server's HTML of it).
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route('**/remotes/mf-engagement/**/*.js', async (route) => {
    await codeHeld;
    await route.continue();
  });
  const form = page.getByRole('form', { name: 'Register for this event' });
  await form.getByLabel('Full name').fill('Katherine Johnson');
  await form.getByLabel('Email address').fill(someone('early'));
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => engagementScripts.length).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/events\/town-hall-denver$/);
  releaseCode();

  await expect(form.getByRole('status')).toContainText('Your place at Town Hall: Denver is confirmed.');
});
