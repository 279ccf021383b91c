import { expect, expectPage, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('the mobile menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expectPage(page, 'Not patching broken systems. Replacing them.');
  });

  const toggle = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /menu/ });
  const menuLink = (page: import('@playwright/test').Page, name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

  test('opens with the toggle and closes on a click outside', async ({ page }) => {
    await expect(menuLink(page, 'Leadership')).toBeHidden();
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink(page, 'Leadership')).toBeVisible();
    await expect(menuLink(page, 'Join Now')).toBeVisible();

    await page.mouse.click(195, 800);
    await expect(menuLink(page, 'Leadership')).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on navigation', async ({ page }) => {
    await toggle(page).click();
    await menuLink(page, 'Donate').click();
    await expectPage(page, 'Fund the refoundation.');
    await expect(menuLink(page, 'Leadership')).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('works with the keyboard alone, and Escape returns to the toggle', async ({ page }) => {
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(menuLink(page, 'Home')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menuLink(page, 'Home')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuLink(page, 'Home')).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });
});
