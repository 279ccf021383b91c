import { expect, test } from '@playwright/test';
import { eventLinks, memberLinks } from '@party/shared-contracts';
import { builtRoutes, samplePath } from '../support/built-routes';
import { requiredEnv } from '../support/fixtures';
import { emailedLink } from '../support/loopback-mailbox';
import { joinedMember } from '../support/members';
import { firefoxSession, hasText, webkitSession, type EngineSession } from '../support/other-engines';
import { scheduleEvent } from '../support/test-events';

// The site in Firefox ESR and in WebKit (Safari's engine), as Debian ships them: Playwright drives
// neither stock build, so puppeteer-core (Firefox over WebDriver BiDi) and selenium-webdriver
// (WebKitWebDriver) do. One browser session per engine, as a reader goes from page to page: every
// route at two widths, then the journeys, each a step. The donation journey in Firefox is in donate.spec.ts.
const baseUrl = process.env.E2E_BASE_URL!;
const NOT_FOUND = '/this/page/does-not-exist';
const paths = [...new Set([...builtRoutes.map((route) => samplePath(route.path)), NOT_FOUND])];
const widths = [1280, 390];
const MEMBER_PASSWORD = 'correct horse battery';

/** Each remote manifest fetched more than once in one page load, with how often. */
function fetchedTwice(urls: string[]): string[] {
  const counts = new Map<string, number>();
  for (const url of urls) counts.set(new URL(url).pathname, (counts.get(new URL(url).pathname) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([pathname, count]) => `${pathname} ×${count}`);
}

const contactForm = 'form:has([name="message"])';
const fieldDescription = (name: string) =>
  `document.getElementById(document.querySelector('${contactForm} [name="${name}"]').getAttribute('aria-describedby') || '')?.textContent`;

const engines: Array<[string, () => Promise<EngineSession>]> = [
  ['Firefox', () => firefoxSession(baseUrl, NOT_FOUND)],
  // Over TLS, as every iPhone visitor reaches the site: WebKit keeps no Secure cookie over plain http.
  ['WebKit', () => webkitSession(requiredEnv('E2E_TLS_BASE_URL'))],
];

test.describe.configure({ mode: 'parallel' });

for (const [engine, start] of engines) {
  test(`${engine}: every route hydrates at 1280 and 390 px with no error, each manifest fetched once; links, the mobile menu, news search, policy tabs, events filter, an event's waitlist and a place cancelled, join, newsletter and contact forms, member sign-in and sign-out work`, async () => {
    test.setTimeout(paths.length * widths.length * 4_000 + 60_000);
    const session = await start();
    try {
      for (const width of widths) {
        await test.step(`every route at ${width} px`, async () => {
          await session.setWidth(width);
          for (const path of paths) {
            await session.open(path);
            expect
              .soft(await session.evaluate<number>('innerWidth'), `${path}: the window is ${width} px wide`)
              .toBe(width);
            expect.soft(await session.problems(), `${path} at ${width} px`).toEqual([]);
            const manifests = await session.manifests();
            // The 404 is the shell's own page: no remote.
            if (path !== NOT_FOUND)
              expect.soft(manifests.length, `${path} at ${width} px loads a remote`).toBeGreaterThan(0);
            expect.soft(fetchedTwice(manifests), `${path} at ${width} px`).toEqual([]);
          }
        });
      }

      await test.step('a link into another page keeps the page (the router takes it)', async () => {
        await session.setWidth(1280);
        await session.open('/');
        await session.evaluate('window.samePage = true');
        await session.click('nav[aria-label="Main"] a[href="/leadership"]');
        await session.waitFor(
          'location.pathname === "/leadership" && document.querySelector("main h1")?.textContent.includes("People who have built things that work.")',
          'on the Leadership page',
        );
        expect(await session.evaluate('window.samePage')).toBe(true);
      });

      await test.step('the mobile menu opens, takes a visitor to a page and closes', async () => {
        await session.setWidth(390);
        await session.open('/');
        expect(await session.evaluate('document.querySelector("#site-menu").matches(":popover-open")')).toBe(false);
        await session.click('nav[aria-label="Main"] button[aria-controls="site-menu"]');
        await session.waitFor(
          'document.querySelector("#site-menu").matches(":popover-open") && document.querySelector("#site-menu a[href=\\"/leadership\\"]").getBoundingClientRect().height > 0',
          'the menu open',
        );
        await session.click('#site-menu a[href="/leadership"]');
        await session.waitFor(
          'location.pathname === "/leadership" && !document.querySelector("#site-menu").matches(":popover-open")',
          'on the Leadership page, the menu closed',
        );
        expect(await session.problems()).toEqual([]);
      });

      await test.step('the news search and category filter the articles', async () => {
        await session.setWidth(1280);
        await session.open('/news');
        await session.select('#news-category', 'Research');
        await session.type('#news-search', 'pupils');
        await session.waitFor(
          'location.search.includes("q=pupils") && location.search.includes("category=Research")',
          'the filter in the address',
        );
        await session.waitFor(
          '[...document.querySelectorAll("main a")].some((link) => link.textContent.includes("Small-group tutoring: the results from 40,000 pupils"))',
          'the tutoring article listed',
        );
        await session.type('#news-search', ' quantum pineapple');
        await session.waitFor(
          '[...document.querySelectorAll("main h2, main h3")].some((heading) => heading.textContent === "No Results Found")',
          'the empty state',
        );
      });

      await test.step('a policy area tab shows its area', async () => {
        await session.open('/policy');
        await session.click('[role="tablist"][aria-label="Policy areas"] [role="tab"]:nth-child(2)');
        await session.waitFor(
          'document.querySelector("[role=tablist] [role=tab]:nth-child(2)").getAttribute("aria-selected") === "true" && document.querySelector("[role=tabpanel] h3")?.textContent === document.querySelector("[role=tablist] [role=tab]:nth-child(2)").textContent.trim()',
          'the second area shown',
        );
      });

      await test.step('the events filter by type, and join keeps the tier a link chose', async () => {
        await session.open('/events');
        await session.click('[aria-label="Event type"] li:nth-child(2) a');
        await session.waitFor(
          'location.search === "?type=in-person" && document.querySelector(\'[aria-label="Event type"] li:nth-child(2) a\').getAttribute("aria-current") === "true" && !document.querySelector(\'[aria-label="Event type"] li:nth-child(1) a\').hasAttribute("aria-current")',
          'the second type chosen',
        );
        await session.open('/join?tier=advocate');
        expect(
          await session.evaluate('document.querySelector(\'input[name="membershipTier"][value="advocate"]\').checked'),
        ).toBe(true);
        await session.click('input[name="membershipTier"][value="member"]');
        await session.waitFor(
          'document.querySelector(\'input[name="membershipTier"][value="member"]\').checked',
          'the Member tier chosen',
        );
      });

      await test.step('the newsletter sign-up thanks the visitor', async () => {
        await session.open('/contact');
        const signUp = 'form:has(input[type="email"]):not(:has([name="message"]))';
        await session.type(`${signUp} input[type="email"]`, `reader+${engine.toLowerCase()}-${Date.now()}@example.org`);
        await session.click(`${signUp} button[type="submit"]`);
        await session.waitFor('document.body.textContent.includes("Subscribed!")', 'the toast');
        expect(await session.problems()).toEqual([]);
      });

      await test.step('the contact form, sent empty, says what each field needs and focuses the first', async () => {
        await session.open('/contact');
        await session.click(`${contactForm} button[type="submit"]`);
        await session.waitFor(
          `document.querySelectorAll('${contactForm} [aria-invalid="true"]').length === 5`,
          'five invalid fields',
        );
        expect(
          await session.evaluate(
            `[${['name', 'email', 'subject', 'message', 'privacy'].map(fieldDescription).join(', ')}]`,
          ),
        ).toEqual([
          'Name must be at least 2 characters',
          'Please enter a valid email address',
          'Please select a subject',
          'Message must be at least 10 characters',
          'You must agree to the privacy policy',
        ]);
        await session.waitFor(
          'document.activeElement?.getAttribute("name") === "name"',
          'the focus on the first field',
        );
      });

      await test.step('the contact form, filled in, is sent: a toast and a confirmation where the form was', async () => {
        // A name of its own per engine: the staff console's inbox names its reply forms after the sender.
        await session.type(`${contactForm} [name="name"]`, engine === 'Firefox' ? 'Mary Somerville' : 'Emmy Noether');
        await session.type(`${contactForm} [name="email"]`, `ada+${engine.toLowerCase()}-${Date.now()}@example.org`);
        await session.select(`${contactForm} [name="subject"]`, 'policy');
        await session.type(`${contactForm} [name="message"]`, 'Which evidence supports the open procurement proposal?');
        await session.click(`${contactForm} [name="privacy"]`);
        await session.click(`${contactForm} button[type="submit"]`);
        await session.waitFor(
          'document.body.textContent.includes("Message sent!") && document.querySelector(\'' +
            contactForm +
            ' [role="status"]\')?.textContent.includes("Message sent")',
          'the toast and the confirmation',
        );
        expect(await session.problems()).toEqual([]);
      });

      await test.step('at an event of one place, the first is registered, the second waits; the first cancels from the email', async () => {
        const id = `one-place-${engine.toLowerCase()}-${Date.now()}`;
        const title = `A meeting of one in ${engine}`;
        await scheduleEvent({ id, title, capacity: '1' });
        const form = 'main form:has([name="eventId"])';
        const register = async (name: string, email: string, said: string) => {
          await session.open(`/events/${id}`);
          await session.type(`${form} [name="name"]`, name);
          await session.type(`${form} [name="email"]`, email);
          await session.click(`${form} [name="privacy"]`);
          await session.click(`${form} button[type="submit"]`);
          await session.waitFor(hasText('main', said), said);
        };
        const first = `first+${engine.toLowerCase()}-${Date.now()}@example.org`;
        await register('Mary Jackson', first, `Your place at ${title} is confirmed.`);
        await register(
          'Katherine Johnson',
          `second+${engine.toLowerCase()}-${Date.now()}@example.org`,
          'number 1 in the queue',
        );
        const link = await emailedLink(first, eventLinks.placePage);
        await session.open(`${link.pathname}${link.search}`);
        await session.clickButton('Cancel my place');
        await session.waitFor(hasText('main', 'This place is cancelled.'), 'the place cancelled');
        expect(await session.problems()).toEqual([]);
      });

      await test.step('a member confirms from the email (signed in), signs out, then signs in and out again', async () => {
        const email = `member+${engine.toLowerCase()}-${Date.now()}@example.org`;
        const link = await joinedMember(baseUrl, { email, password: MEMBER_PASSWORD, tier: 'member' });
        const onAccount =
          'location.pathname === "/members/account" && document.getElementById("membership-heading")?.textContent === "Your membership"';
        const signOut = async () => {
          await session.click('[aria-labelledby="membership-heading"] button');
          // The home page's remote rendered: leaving sooner aborts its loading, which Firefox reports.
          await session.waitFor(
            'location.pathname === "/" && !!document.querySelector(\'main [data-remote="mf-content"] article[data-release]\')',
            'signed out, on the home page',
          );
          // The session is over: the member's own data is refused.
          expect(
            await session.evaluate<number>(
              `fetch("${memberLinks.accountEndpoint}", { credentials: "include" }).then((response) => response.status)`,
            ),
          ).toBe(401);
          await session.open(memberLinks.signInPage);
        };
        await session.open(`${link.pathname}${link.search}`);
        await session.type('main input[type="password"]', MEMBER_PASSWORD);
        await session.click('main button[type="submit"]');
        await session.waitFor(onAccount, 'signed in, on My membership');
        await signOut();
        await session.type('main input[type="email"]', email);
        await session.type('main input[type="password"]', MEMBER_PASSWORD);
        await session.click('main button[type="submit"]');
        await session.waitFor(onAccount, 'signed in again, on My membership');
        await signOut();
        expect(await session.problems()).toEqual([]);
      });
    } finally {
      await session.close();
    }
  });
}
