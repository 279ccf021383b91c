import { expect, test } from '@playwright/test';
import type { WebDriver } from 'selenium-webdriver';
import { builtRoutes, samplePath } from '../support/built-routes';
import { launchFirefox, launchWebKit, PROBLEM_HOOKS } from '../support/other-engines';

// The site in Firefox ESR and in WebKit (Safari's engine), as Debian ships them: Playwright drives
// neither stock build, so puppeteer-core (Firefox over WebDriver BiDi) and selenium-webdriver
// (WebKitWebDriver) do. Every route is visited in one browser session per engine, one width after
// the other, as a reader goes from page to page.
const baseUrl = process.env.E2E_BASE_URL!;
const NOT_FOUND = '/this/page/does-not-exist';
const paths = [...new Set([...builtRoutes.map((route) => samplePath(route.path)), NOT_FOUND])];
const widths = [1280, 390];

/** Each remote manifest fetched more than once in one page load, with how often. */
function fetchedTwice(urls: string[]): string[] {
  const counts = new Map<string, number>();
  for (const url of urls) counts.set(new URL(url).pathname, (counts.get(new URL(url).pathname) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([pathname, count]) => `${pathname} ×${count}`);
}

test.describe.configure({ mode: 'parallel' });

test('Firefox: every route and the 404 hydrate at 1280 and 390 px with no error, each manifest fetched once per page load, and a link keeps the page', async () => {
  test.setTimeout(paths.length * widths.length * 4_000 + 30_000);
  const browser = await launchFirefox();
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(PROBLEM_HOOKS);
    const manifests: string[] = [];
    const failures: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('/mf-manifest.json') && manifests.push(request.url())));
    page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
    page.on('response', (response) => {
      const notFoundPage = response.request().isNavigationRequest() && response.url().endsWith(NOT_FOUND);
      if (response.status() >= 400 && !notFoundPage) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => void (['error', 'warn'].includes(message.type()) && failures.push(`console ${message.type()}: ${message.text()}`)));
    for (const width of widths) {
      await page.setViewport({ width, height: width > 500 ? 800 : 844 });
      for (const path of paths) {
        manifests.length = 0;
        failures.length = 0;
        await page.goto(`${baseUrl}${path}`);
        await page.waitForSelector('html[data-hydrated]', { timeout: 10_000 });
        const problems = await page.evaluate(() => (window as unknown as { pageProblems: string[] }).pageProblems);
        expect.soft([...problems, ...failures], `${path} at ${width} px`).toEqual([]);
        // The 404 is the shell's own page: no remote.
        if (path !== NOT_FOUND) expect.soft(manifests.length, `${path} at ${width} px loads a remote`).toBeGreaterThan(0);
        expect.soft(fetchedTwice(manifests), `${path} at ${width} px`).toEqual([]);
      }
    }

    // A link into another page of the site: the router takes it, the page is not loaded again.
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('html[data-hydrated]');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.click('nav[aria-label="Main"] a[href="/leadership"]');
    await page.waitForFunction(() => location.pathname === '/leadership' && document.querySelector('main h1')?.textContent?.includes('People who have built things that work.'));
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  } finally {
    await browser.close();
  }
});

/** Waits until `path` is the page the driver shows, and installs the problem hooks at once. */
async function openIn(driver: WebDriver, path: string) {
  await driver.get(`${baseUrl}${path}`);
  for (let poll = 0; poll < 400; poll += 1) {
    const committed = await driver.executeScript<boolean>(`if (location.pathname !== arguments[0] || !document.documentElement) return false; ${PROBLEM_HOOKS}; return true;`, path).catch(() => false);
    if (committed) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for (let poll = 0; poll < 200; poll += 1) {
    if (await driver.executeScript<boolean>('return document.documentElement.hasAttribute("data-hydrated")')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not hydrate within 10 s`);
}

test('WebKit: every route and the 404 hydrate at 1280 and 390 px with no error, each manifest fetched once per page load, and a link keeps the page', async () => {
  test.setTimeout(paths.length * widths.length * 4_000 + 30_000);
  const webkit = await launchWebKit();
  const { driver } = webkit;
  try {
    for (const width of widths) {
      await driver.manage().window().setRect({ width, height: width > 500 ? 800 : 844 });
      for (const path of paths) {
        await openIn(driver, path);
        const { problems, manifests, innerWidth } = await driver.executeScript<{ problems: string[]; manifests: string[]; innerWidth: number }>(
          `return { problems: window.pageProblems, innerWidth, manifests: performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('/mf-manifest.json')) }`,
        );
        expect.soft(innerWidth, `${path}: the window is ${width} px wide`).toBe(width);
        expect.soft(problems, `${path} at ${width} px`).toEqual([]);
        // The 404 is the shell's own page: no remote.
        if (path !== NOT_FOUND) expect.soft(manifests.length, `${path} at ${width} px loads a remote`).toBeGreaterThan(0);
        expect.soft(fetchedTwice(manifests), `${path} at ${width} px`).toEqual([]);
      }
    }

    await driver.manage().window().setRect({ width: 1280, height: 800 });
    await openIn(driver, '/');
    await driver.executeScript('window.samePage = true; document.querySelector(\'nav[aria-label="Main"] a[href="/leadership"]\').click()');
    const arrived = 'return location.pathname === "/leadership" && (document.querySelector("main h1")?.textContent ?? "").includes("People who have built things that work.")';
    for (let poll = 0; poll < 200 && !(await driver.executeScript<boolean>(arrived)); poll += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await driver.executeScript('return [location.pathname, window.samePage, document.querySelector("main h1") && document.querySelector("main h1").textContent]')).toEqual([
      '/leadership',
      true,
      expect.stringContaining('People who have built things that work.'),
    ]);
  } finally {
    await webkit.close();
  }
});
