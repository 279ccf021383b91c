import { test as base, expect, type Page } from '@playwright/test';

const LOCAL = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts`);
  return value;
}

interface SiteFixtures {
  /** Problems the page reported: console errors and warnings, uncaught errors, CSP violations. */
  problems: string[];
  /** Declares the problems a test provokes on purpose, so that they do not fail it. */
  expectProblems: (pattern: RegExp) => void;
  /** Requests to any host but this machine, which Chromium cannot reach (playwright.config.ts). */
  thirdPartyRequests: string[];
}

/**
 * The page of every browser test: requests leave this machine never (they fail, and fail the test),
 * and the test fails on any console error or warning, page error or CSP violation.
 */
export const test = base.extend<SiteFixtures>({
  // Playwright reads a fixture's dependencies from an object pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(requiredEnv('E2E_BASE_URL')),
  thirdPartyRequests: async ({ context }, use) => {
    // Chromium cannot reach other hosts (playwright.config.ts resolves every other name to nothing);
    // here they are only listed. Routing every request through the test instead made each page
    // load 25% slower.
    const attempted: string[] = [];
    context.on('request', (request) => {
      const url = request.url();
      if (!LOCAL.test(url) && !/^(data|blob):/.test(url)) attempted.push(url);
    });
    await use(attempted);
  },
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    // A page that does not exist is answered 404, which Chromium reports on the console: that is
    // the page's status, not a problem (a 404 of any other request still is).
    let notFoundPages = 0;
    page.on('response', (response) => {
      if (response.status() === 404 && response.request().isNavigationRequest()) notFoundPages += 1;
    });
    page.on('console', (message) => {
      const text = message.text();
      if (
        notFoundPages > 0 &&
        /^Failed to load resource: the server responded with a status of 404/.test(text) &&
        message.location().url === page.url()
      ) {
        notFoundPages -= 1;
        return;
      }
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console.${message.type()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await use(problems);
  },
  expectProblems: [
    async ({ problems, thirdPartyRequests }, use) => {
      const expected: RegExp[] = [];
      await use((pattern) => expected.push(pattern));
      expect(thirdPartyRequests, 'requests to third-party hosts').toEqual([]);
      expect(problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the page of a route, served by its remote, has rendered its main heading. */
export async function expectPage(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The server's page is visible before it is interactive: a visitor's click counts from then on.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

/**
 * The shell's notifications region. Radix also announces each toast for a moment in a status
 * outside it, so a toast's text is looked for here or it can match twice.
 */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
