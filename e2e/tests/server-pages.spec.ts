import { expect, test } from '../support/fixtures';
import { sampleEvent } from '../support/test-events';

// What a crawler, a link-preview bot or a browser without JavaScript gets: the page itself, from
// the server, with its status, head and the chrome around it.
test.use({ javaScriptEnabled: false });

const pages = [
  { path: '/', heading: 'Not patching broken systems. Replacing them.', text: /Read Our Manifesto/ },
  {
    path: '/news/budget-transparency-act',
    heading: 'We have tabled the Budget Transparency Act',
    text: /By Daniel Reyes/,
  },
  { path: '/policy?area=education', heading: 'Policies that show their working.', text: /Education/ },
  { path: '/news?category=Research', heading: 'News and research', text: /Research/ },
  { path: `/events/${sampleEvent.id}`, heading: sampleEvent.title, text: sampleEvent.place },
  { path: '/contact', heading: 'Talk to us.', text: /Email address/ },
  { path: '/join?tier=advocate', heading: 'Join the movement.', text: /Membership level/ },
  { path: '/donate', heading: 'Fund the refoundation.', text: /Connect Wallet/ },
] as const;

test.describe('without JavaScript', () => {
  for (const { path, heading, text } of pages) {
    test(`${path} arrives complete from the server`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(text);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(/The Refoundation Party/);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path.split('?')[0]}$`),
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
    });
  }

  test('the tier in the address is chosen in the server HTML', async ({ page }) => {
    await page.goto('/join?tier=advocate');
    await expect(page.getByRole('radio', { name: /Advocate/ })).toBeChecked();
  });

  test('a form sent without scripts never puts what was typed into the address', async ({ page, expectProblems }) => {
    // Incomplete, it comes back answered 400 (progressive-enhancement.spec.ts), which Chromium reports.
    expectProblems(/status of 400/);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Email address').fill('ada@example.org');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#form-contact$/);
    await expect(form.getByLabel('Email address')).toHaveValue('ada@example.org');
    expect(page.url()).not.toContain('ada');
    expect(page.url()).not.toContain('example.org');
  });

  test('an article tells link previews what it is', async ({ page }) => {
    await page.goto('/news/budget-transparency-act');
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('meta[property="article:published_time"]').getAttribute('content')).toBe('2026-11-14');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\/og\/news\.png$/);
    expect((await page.request.get(image ?? '')).status()).toBe(200);
    const structured = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(structured['@type']).toBe('NewsArticle');
  });

  test('each kind of page has its own link-preview card, and the card exists', async ({ request }) => {
    const cardOf = async (path: string) =>
      /<meta property="og:image" content="([^"]+)">/.exec(await (await request.get(path)).text())?.[1];
    const cards = {
      '/': '/og/site.png',
      '/about': '/og/site.png',
      '/news': '/og/news.png',
      '/events': '/og/events.png',
      [`/events/${sampleEvent.id}`]: '/og/events.png',
      '/policy': '/og/policy.png',
      '/join': '/og/join.png',
      '/donate': '/og/donate.png',
    };
    for (const [path, card] of Object.entries(cards)) {
      const image = await cardOf(path);
      expect(new URL(image!).pathname, path).toBe(card);
      const response = await request.get(image!);
      expect(response.status(), image).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });

  test('unknown paths and unknown articles and events answer 404 with the site around them', async ({ page }) => {
    for (const [path, heading] of [
      ['/no/such/page', '404 Page Not Found'],
      ['/news/no-such-article', 'Article not found'],
      ['/events/no-such-event', 'Event not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
  });

  test('crawlers find every page in the sitemap, named by robots.txt', async ({ page }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const path of ['/about', '/news/budget-transparency-act', '/events/spring-conference', '/donate', '/join']) {
      expect(sitemap).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+${path}</loc>`));
    }
  });
});
