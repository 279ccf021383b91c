import type { Page } from '@playwright/test';
import { expect, expectPage, test } from '../support/fixtures';

const unavailable = (page: Page) => page.getByRole('heading', { name: 'This page is temporarily unavailable' });

test.describe('a remote that fails to load', () => {
  test.beforeEach(({ expectProblems }) => {
    // The browser and the federation runtime report the failures these tests provoke.
    expectProblems(
      /is unavailable:|RUNTIME-\d+|Failed to load resource|net::ERR_FAILED|preloaded using link preload but not used/,
    );
  });

  test('whose server is down shows Retry, leaves the rest of the site working, and recovers', async ({ page }) => {
    await page.route('**/remotes/mf-engagement/**', (route) => route.abort('failed'));
    await page.goto('/contact');

    await expect(unavailable(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // The shell reported it; operators see it in the gateway's metrics, on its internal listener.
    await expect(async () => {
      const metrics = await (await page.request.get(process.env.E2E_METRICS_URL ?? '')).text();
      expect(metrics).toMatch(
        /party_remote_load_failures_total\{remote="mf-engagement",version="configured",code="[\w-]+"\} [1-9]/,
      );
    }).toPass({ timeout: 5000 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leadership' }).click();
    await expectPage(page, 'People who have built things that work.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Donate' }).click();
    await expectPage(page, 'Fund the refoundation.');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(unavailable(page)).toBeVisible();

    await page.unroute('**/remotes/mf-engagement/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectPage(page, 'Talk to us.');
  });

  test('that embeds a widget on another remote’s page is reported as a page would be, once', async ({ page }) => {
    const reports: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/remote-failures'))
        reports.push(request.postDataJSON());
    });
    await page.route('**/remotes/mf-engagement/**', (route) => route.abort('failed'));
    await page.goto('/news');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    // The widget's code is fetched as it comes into view.
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(page.getByRole('alert')).toHaveText(/The newsletter sign-up could not be loaded just now./);
    await expect.poll(() => reports.length).toBe(1);
    // With the release's report token from the page's registry, which the gateway checks.
    expect(reports[0]).toEqual({
      remote: 'mf-engagement',
      version: 'configured',
      code: expect.stringMatching(/^RUNTIME-\d{3}$/),
      route: '/news',
      token: expect.stringMatching(/^[\w-]{32}$/),
    });
    // Once the page has nothing more in flight, there is still one report.
    await page.waitForLoadState('networkidle');
    expect(reports).toHaveLength(1);
  });

  test('whose registry entry is a 404 shows the fallback while the other remotes work', async ({
    page,
    expectProblems,
  }) => {
    // The page carries the registry it was rendered with: point mf-donate at a release that is gone
    // (the page still announces the files of the one it was rendered with, which go unused).
    expectProblems(/was preloaded using link preload but not used/);
    await page.route('**/donate', async (route) => {
      const html = await (await route.fetch()).text();
      await route.fulfill({
        contentType: 'text/html',
        body: html.replace(
          '"entry":"/remotes/mf-donate/mf-manifest.json"',
          '"entry":"/remotes/mf-donate/no-such-release/mf-manifest.json"',
        ),
      });
    });
    await page.goto('/donate');
    await expect(unavailable(page)).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expectPage(page, 'Not patching broken systems. Replacing them.');
  });

  test('whose page script throws shows the fallback, and Retry loads it once it is fixed', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/^page error: remote failure$/);
    await page.route('**/remotes/mf-content/static/js/async/__federation_expose_About*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("remote failure")' }),
    );
    await page.goto('/about');
    await expect(unavailable(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.unroute('**/remotes/mf-content/static/js/async/__federation_expose_About*.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectPage(page, 'A movement built on evidence, not slogans.');
  });

  test('whose registry cannot be read shows the fallback inside a working chrome', async ({ page }) => {
    // A page without the registry it was rendered with (as the shell's development server sends)
    // reads /remotes.json, which fails.
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.route(/\/$/, async (route) => {
      const html = await (await route.fetch()).text();
      await route.fulfill({
        contentType: 'text/html',
        body: html.replace(/<script id="party-registry"[^<]*<\/script>/, ''),
      });
    });
    await page.goto('/');
    await expect(unavailable(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await page.unroute('**/remotes.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectPage(page, 'Not patching broken systems. Replacing them.');
  });
});

test('while a remote loads, the page keeps a stable size and says it is loading', async ({ page, expectProblems }) => {
  // Held long enough on a loaded machine, the page's stylesheet preload outlives Chromium's few seconds.
  expectProblems(/was preloaded using link preload but not used/);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The first page arrives rendered; going to another remote's page waits for its scripts.
  await page.goto('/');
  await expectPage(page, 'Not patching broken systems. Replacing them.');
  await page.route('**/remotes/mf-donate/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Donate' }).click();

  const loading = page.locator('[aria-busy="true"]');
  await expect(loading).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading page…');
  const viewportHeight = page.viewportSize()?.height ?? 0;
  const footerTop = await page.getByRole('contentinfo').evaluate((footer) => footer.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThanOrEqual(viewportHeight);

  release();
  await expectPage(page, 'Fund the refoundation.');
});
