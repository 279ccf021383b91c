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
  await expect(saved).toContainText('Your place at Town Hall: Denver is saved.');
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
