import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, test, toasts } from '../support/fixtures';
import { sampleEvent } from '../support/test-events';

const pages = [
  { path: '/', heading: 'Not patching broken systems. Replacing them.' },
  { path: '/about', heading: 'A movement built on evidence, not slogans.' },
  { path: '/policy?area=education', heading: 'Policies that show their working.' },
  { path: '/leadership', heading: 'People who have built things that work.' },
  { path: '/news', heading: 'News and research' },
  { path: '/news/budget-transparency-act', heading: 'We have tabled the Budget Transparency Act' },
  { path: '/events', heading: 'Meet us, question us, work with us.' },
  { path: `/events/${sampleEvent.id}`, heading: sampleEvent.title },
  { path: '/manifesto', heading: 'The Civic Refoundation Manifesto' },
  { path: '/get-involved', heading: 'There is a part for everyone.' },
  { path: '/privacy', heading: 'Your information, in plain language.' },
  { path: '/terms', heading: 'The terms, without the small print.' },
  { path: '/careers', heading: 'Help prove that government can work better.' },
  { path: '/contact', heading: 'Talk to us.' },
  { path: '/join?tier=member', heading: 'Join the movement.' },
  { path: '/membership-confirmation?tier=advocate', heading: 'Welcome aboard.' },
  { path: '/volunteer', heading: 'Lend us your skills.' },
  { path: '/donate', heading: 'Fund the refoundation.' },
  { path: '/donate/ledger', heading: 'Our public ledger.' },
  { path: '/no-such-page', heading: '404 Page Not Found' },
];

// At 1280 px, navigation.spec.ts runs axe on every route of the site as it checks each one.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    if (width < 900) {
      // One visit after another in one browser, as a reader goes from page to page: a fresh browser
      // per page cost three times the time. Each page is a step, and every page is checked.
      test('no page has WCAG 2.2 AA violations', async ({ page }) => {
        test.setTimeout(pages.length * 10_000);
        for (const { path, heading } of pages) {
          await test.step(path, async () => {
            await page.goto(path);
            await expectPage(page, heading);
            expect.soft(await accessibilityViolations(page), path).toEqual([]);
          });
        }
      });
    }

    test('the open menu and a toast have no violations either', async ({ page }) => {
      await page.goto('/donate');
      await expectPage(page, 'Fund the refoundation.');
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      await expect(toasts(page).getByText('No Ethereum Wallet Found')).toBeVisible();
      if (width < 900) await page.getByRole('button', { name: /menu/ }).click();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test('forms showing their field messages have no violations', async ({ page }) => {
      for (const [path, heading, submit, focused] of [
        ['/contact', 'Talk to us.', 'Send Message', '[aria-invalid="true"]'],
        ['/join', 'Join the movement.', 'Complete Registration', '[data-error-summary]'],
        ['/volunteer', 'Lend us your skills.', 'Sign Up to Volunteer', '[aria-invalid="true"]'],
      ] as const) {
        await page.goto(path);
        await expectPage(page, heading);
        await page.getByRole('button', { name: submit }).click();
        await expect(page.locator(focused).first()).toBeFocused();
        expect(await accessibilityViolations(page)).toEqual([]);
      }
    });

    test('the unavailable-page fallback has no violations', async ({ page, expectProblems }) => {
      expectProblems(/is unavailable:|RUNTIME-\d+|Failed to load resource|net::ERR_FAILED/);
      await page.route('**/remotes/mf-engagement/**', (route) => route.abort('failed'));
      await page.goto('/contact');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
}

// WCAG 1.4.10: at 320 CSS px (a phone, or 1280 px zoomed to 400 %) nothing scrolls sideways.
test.describe('reflow at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no page scrolls sideways', async ({ page }) => {
    test.setTimeout(pages.length * 10_000);
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expectPage(page, heading);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(width.scroll, path).toBeLessThanOrEqual(width.client);
    }
  });

  test('the open menu scrolls to its last link when the screen is a few lines tall', async ({ page }) => {
    // 1280 x 720 at 400 % zoom.
    await page.setViewportSize({ width: 320, height: 180 });
    await page.goto('/');
    await expectPage(page, 'Not patching broken systems. Replacing them.');
    await page.getByRole('button', { name: /menu/ }).click();
    const joinNow = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join Now' });
    await joinNow.focus();
    await expect(joinNow).toBeInViewport();
    await joinNow.click();
    await expectPage(page, 'Join the movement.');
  });
});
