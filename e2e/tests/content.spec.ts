import { expect, expectPage, test } from '../support/fixtures';

test('/leadership#<slug> scrolls the leader card into view', async ({ page }) => {
  await page.goto('/leadership#samuel-adeyemi');
  const card = page.locator('#samuel-adeyemi');
  await expect(card).toBeInViewport();
  await expect(card.getByRole('heading', { name: 'Samuel Adeyemi' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test('a news search with no result shows the empty state, and Reset Filters restores the grid and says so', async ({
  page,
}) => {
  await page.goto('/news');
  await expectPage(page, 'News and research');
  const articles = page.getByRole('main').getByRole('list').first().getByRole('link');
  await expect(articles).toHaveCount(9);

  await page.getByLabel('Search news').pressSequentially('quantum pineapple');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filter to find what you're looking for.")).toBeVisible();
  await expect(page).toHaveURL(/\?q=quantum\+pineapple$/);

  await page.getByRole('link', { name: 'Reset Filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(articles).toHaveCount(9);
  // The link is gone with the empty state: the focus lands on the fresh count, not the page's top.
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Showing all 9 articles');
  await expect(page.getByRole('main').getByRole('status')).toBeFocused();
  await expect(page.getByLabel('Search news')).toHaveValue('');
  await expect(page).toHaveURL(/\/news$/);
});

test('a filtered news view survives a reload', async ({ page }) => {
  await page.goto('/news');
  await expectPage(page, 'News and research');
  await page.getByLabel('Category').selectOption('Research');
  await page.getByLabel('Search news').pressSequentially('pupils');
  await expect(page).toHaveURL(/q=pupils/);
  await page.reload();
  await expect(page.getByLabel('Search news')).toHaveValue('pupils');
  await expect(page.getByLabel('Category')).toHaveValue('Research');
  await expect(page.getByRole('link', { name: 'Small-group tutoring: the results from 40,000 pupils' })).toBeVisible();
});

test('a link can open a policy area, and the arrow keys move between areas', async ({ page }) => {
  await page.goto('/policy?area=healthcare');
  await expectPage(page, 'Policies that show their working.');
  const healthcare = page.getByRole('tab', { name: 'Healthcare' });
  await expect(healthcare).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Healthcare');
  // Each area's panel takes the area's colour (docs/product.md): healthcare is the secondary teal.
  await expect(page.getByRole('tabpanel')).toHaveCSS('border-top-color', 'rgb(13, 110, 102)');

  await healthcare.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Education' })).toBeFocused();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Education');
  await expect(page).toHaveURL(/\?area=education$/);
  await expect(page.getByRole('tabpanel')).toHaveCSS('border-top-color', 'rgb(138, 90, 0)');
});

test('an event card leads to its page and back', async ({ page }) => {
  await page.goto('/events');
  // A click before the page is interactive would be lost: wait for it, as a visitor sees it ready.
  await expectPage(page, 'Meet us, question us, work with us.');
  await page.getByRole('tab', { name: 'Past Events' }).click();
  await page.getByRole('link', { name: 'View recap: Tutoring evidence webinar' }).click();
  await expectPage(page, 'Tutoring evidence webinar');
  await page.getByRole('link', { name: 'All events' }).click();
  await expectPage(page, 'Meet us, question us, work with us.');
});

test('the manifesto contents link to each chapter', async ({ page }) => {
  await page.goto('/manifesto');
  await expectPage(page, 'The Civic Refoundation Manifesto');
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'V. Privacy and power' }).click();
  await expect(page).toHaveURL(/\/manifesto#privacy-and-power$/);
  await expect(page.getByRole('heading', { name: 'V. Privacy and power' })).toBeInViewport();
});
