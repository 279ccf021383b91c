import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, test } from '../support/fixtures';
import { sampleEvent, sampleEventDate } from '../support/test-events';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

test('a visitor registers for an event from its card, by keyboard, and sees the place saved', async ({ page }) => {
  await page.goto('/events');
  await expectPage(page, 'Meet us, question us, work with us.');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: sampleEvent.title }) });
  // Dates carry their year and times their zone; the date is shown once per card.
  await expect(card).toContainText(`${sampleEvent.weekday} · ${sampleEvent.times}`);
  await expect(card).toContainText(sampleEventDate().split(' ').at(-1)!);
  await card.getByRole('link', { name: `Register: ${sampleEvent.title}` }).click();

  await expectPage(page, sampleEvent.title);
  await expect(page).toHaveURL(new RegExp(`/events/${sampleEvent.id}#register$`));
  const form = page.getByRole('form', { name: 'Register for this event' });
  await expect(form).toBeInViewport();
  await expect(page.getByText(sampleEventDate())).toBeVisible();

  await form.getByLabel('Full name').focus();
  await page.keyboard.type('Mary Jackson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(someone('event'));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Register' }).press('Enter');

  const saved = form.getByRole('status');
  await expect(saved).toContainText(`Your place at ${sampleEvent.title} is confirmed.`);
  await expect(saved).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('past events come latest first and offer their recap, not a registration', async ({ page }) => {
  await page.goto('/events');
  await expectPage(page, 'Meet us, question us, work with us.');
  await page.getByRole('tab', { name: 'Past Events' }).click();
  const past = page.getByRole('tabpanel');
  const recaps = past.getByRole('link', { name: /^View recap/ });
  await expect(recaps.first()).toBeVisible();
  // Which event is latest changes as the seeded events pass: the order is read from the cards' times.
  const starts = await past
    .locator('time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime')!)));
  expect(starts.length).toBeGreaterThan(1);
  expect(starts).toEqual([...starts].sort((a, b) => b - a));
  const latest = (await recaps.first().getAttribute('aria-label'))!.replace(/^View recap: /, '');
  await recaps.first().click();
  await expectPage(page, latest);
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
  await page.goto(`/events/${sampleEvent.id}`);
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
  expect(page.url()).toMatch(new RegExp(`/events/${sampleEvent.id}$`));
  releaseCode();

  await expect(form.getByRole('status')).toContainText(`Your place at ${sampleEvent.title} is confirmed.`);
});
