import { memberLinks, PARTY_NAME } from '@party/shared-contracts';
import { accessibilityViolations } from '../support/accessibility';
import { builtRoutes, samplePath } from '../support/built-routes';
import { expect, expectPage, test } from '../support/fixtures';

test.describe('every route of the site', () => {
  // One visit after another in one browser, as a reader goes from page to page (a fresh browser per
  // route cost three times the time); each route is a step, and every one is checked.
  test('each renders in the composed site, served by its remote', async ({ page }) => {
    test.setTimeout(builtRoutes.length * 15_000);
    for (const route of builtRoutes) {
      await test.step(`${route.path} (${route.remote})`, async () => {
        await page.goto(samplePath(route.path));

        await expect.soft(page.locator(`main [data-remote="${route.remote}"] h1`), route.path).toBeVisible();
        await expect.soft(page.getByRole('heading', { level: 1 }), route.path).toHaveCount(1);
        // Every image has its size set, so nothing jumps as it loads, and says what it shows; only a
        // decorative one (the leaders' monograms, beside their names) says so with an empty alt.
        for (const image of await page.locator('main img').all()) {
          await expect.soft(image, route.path).toHaveAttribute('width', /\d+/);
          await expect.soft(image, route.path).toHaveAttribute('height', /\d+/);
          await expect.soft(image, route.path).toHaveAttribute('alt', route.path === '/leadership' ? /^$/ : /\w/);
        }
        // Which release served it is in the markup for operators, not in the page's text.
        await expect
          .soft(page.locator(`main [data-remote="${route.remote}"] [data-release]`), route.path)
          .toHaveCount(1);
        await expect.soft(page.getByText(/Served by/), route.path).toHaveCount(0);
        await expect.soft(page.getByRole('navigation', { name: 'Main' }), route.path).toBeVisible();
        await expect.soft(page.getByRole('contentinfo'), route.path).toContainText(String(new Date().getFullYear()));
        await expect.soft(page, route.path).toHaveTitle(new RegExp(PARTY_NAME));
        await expect.soft(page.locator('meta[name="description"]'), route.path).toHaveAttribute('content', /\w{4,}/);
        // The member area sends a visitor who is not signed in on to sign in (checked on its own route).
        if (route.path !== memberLinks.accountPage)
          expect.soft(await accessibilityViolations(page), `${route.path}: WCAG 2.2 AA at 1280 px`).toEqual([]);
      });
    }
  });

  // Below the fold, the home page's sections and the footer are hydrated as the visitor reaches them
  // (HydrateWhenSeen): a link there that is the first thing to be used is still followed in the page.
  test('links below the fold are followed in the page, by pointer and by keyboard', async ({ page }) => {
    const samePage = () => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));

    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await samePage()).toBe(true);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await page.getByRole('link', { name: 'All events' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await samePage()).toBe(true);
  });

  test('an unknown path shows the Page Not Found texts inside the site chrome', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expectPage(page, '404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(`Page Not Found | ${PARTY_NAME}`);
  });
});

test('every page of the site is reachable from the home page within two clicks', async ({ request }) => {
  const linksOn = async (path: string) =>
    new Set(
      [...(await (await request.get(path)).text()).matchAll(/<a [^>]*href="(\/[^"#?]*)/g)].map((match) => match[1]!),
    );
  const reached = new Set(['/']);
  const firstClick = await linksOn('/');
  for (const path of firstClick) reached.add(path);
  for (const path of firstClick) for (const next of await linksOn(path)) reached.add(next);

  // Pages with a parameter count as reached through any one of them (an article, an event).
  const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  const unreached = builtRoutes
    .filter((route) => !route.unlisted)
    .filter((route) => ![...reached].some((path) => pattern(route.path).test(path)))
    .map((route) => route.path);
  expect(unreached).toEqual([]);
});

test.describe('navigating', () => {
  test('header links navigate inside the page, mark the active link and never reload', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, 'Not patching broken systems. Replacing them.');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Leadership' }).click();
    await expect(page).toHaveURL(/\/leadership$/);
    await expectPage(page, 'People who have built things that work.');
    await expect(nav.getByRole('link', { name: 'Leadership' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Join Now' }).click();
    await expectPage(page, 'Join the movement.');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/about');
    await expectPage(page, 'A movement built on evidence, not slogans.');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await expectPage(page, 'The terms, without the small print.');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('main')).toBeFocused();
  });

  test('a #anchor scrolls its element into view once the remote page has rendered it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/about#how-we-work');
    const section = page.locator('#how-we-work');
    await expect(section).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // Not hidden under the sticky header.
    const top = await section.evaluate((element) => element.getBoundingClientRect().top);
    const headerBottom = await page
      .locator('#root > header')
      .evaluate((element) => element.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(headerBottom);
  });

  // A page's height is its content's, never an estimate of parts not yet laid out (decision 0042):
  // End lands at the very end of every page, at every width, the first time.
  test('End reaches the very end of every page, from a phone to a desktop', async ({ page }) => {
    const paths = [...new Set(builtRoutes.map((route) => samplePath(route.path)))];
    test.setTimeout(paths.length * 20_000);
    for (const path of paths) {
      await test.step(path, async () => {
        await page.setViewportSize({ width: 1280, height: 844 });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
        // What a page reads once it runs (the member area asks who is signed in) has arrived.
        await page.waitForLoadState('networkidle');
        for (const width of [320, 390, 800, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
          await page.locator('body').press('End');
          const leftBelow = await page.evaluate(async () => {
            const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
            // End scrolls smoothly: read once it has moved the page and the page has stood still for three frames.
            const canScroll = document.documentElement.scrollHeight > window.innerHeight;
            for (let frames = 0; frames < 600 && canScroll && window.scrollY === 0; frames++) await frame();
            let last = '';
            let steadyFrames = 0;
            for (let frames = 0; frames < 600 && steadyFrames < 3; frames++) {
              await frame();
              const now = `${window.scrollY} ${document.documentElement.scrollHeight}`;
              steadyFrames = now === last ? steadyFrames + 1 : 0;
              last = now;
            }
            return document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
          });
          expect.soft(leftBelow, `${path} at ${width} px`).toBeLessThan(1);
        }
      });
    }
  });

  test('the header gains its shadow once the page has scrolled more than 10 px', async ({ page }) => {
    await page.goto('/about');
    await expectPage(page, 'A movement built on evidence, not slogans.');
    const header = page.locator('#root > header');
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.mouse.wheel(0, 200);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-scrolled');
  });

  test('the skip link takes keyboard users to the content', async ({ page }) => {
    await page.goto('/about');
    await expectPage(page, 'A movement built on evidence, not slogans.');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});
