import { expect, request as playwrightRequest, test } from '@playwright/test';
import { dataRightsLinks, eventLinks, formPaths, memberLinks } from '@party/shared-contracts';
import { builtRoutes, samplePath } from '../support/built-routes';
import { requiredEnv } from '../support/fixtures';
import { emailedLink } from '../support/loopback-mailbox';
import { confirmedMember, joinedMember } from '../support/members';
import { dataRequestLink } from '../support/data-rights';
import { subscribedReader } from '../support/newsletter';
import { sampleEvent } from '../support/test-events';
import { firefoxSession, hasText, HYDRATED, webkitSession, type EngineSession } from '../support/other-engines';
import { scriptGate } from '../support/tls-proxy';

// progressive-enhancement.spec.ts in Firefox ESR and WebKit (docs/decisions/0036): the page before
// its code arrives (every script held by the engine's own TLS proxy until the test releases it)
// and without JavaScript. One browser session per engine and state, each journey a step.
const NOT_FOUND = '/this/page/does-not-exist';
const PASSWORD = 'correct horse battery';

const contactForm = 'form:has([name="message"])';
const newsletterSection = 'section[aria-labelledby$="newsletter-heading"]';
const newsletterForm = `${newsletterSection} form`;
const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
/** The requests the page's code made to `path` (a page's own post is a navigation, not among them). */
const fetchesTo = (path: string) =>
  `performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === ${JSON.stringify(path)}).length`;

/** The answers a test asks for on purpose (a form refused) are not problems. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/^40[01] /.test(problem));

async function fillContact(session: EngineSession, message: string) {
  await session.type(`${contactForm} [name="name"]`, 'Mary Somerville');
  await session.type(`${contactForm} [name="email"]`, someone('mary'));
  await session.select(`${contactForm} [name="subject"]`, 'policy');
  await session.type(`${contactForm} [name="message"]`, message);
  await session.click(`${contactForm} [name="privacy"]`);
}

/** From the join page: a tier's link, then the registration, then the confirmation page. */
async function join(session: EngineSession) {
  await session.click('main a[href="?tier=advocate#registration"]');
  await session.waitFor(
    'location.search === "?tier=advocate" && document.querySelector(\'input[name="membershipTier"][value="advocate"]\').checked',
    'the Advocate tier chosen',
  );
  await session.type('[name="firstName"]', 'Ada');
  await session.type('[name="lastName"]', 'Lovelace');
  await session.type('form [name="email"]', someone('member'));
  await session.type('[name="password"]', PASSWORD);
  await session.type('[name="address"]', '12 St James Square');
  await session.type('[name="city"]', 'London');
  await session.type('[name="zip"]', 'SW1Y 4LB');
  await session.select('[name="state"]', 'Greater London');
  await session.click('[name="agreeToTerms"]');
  await session.click('form:has([name="agreeToTerms"]) button[type="submit"]');
  await session.waitFor(
    'location.pathname === "/membership-confirmation" && location.search === "?tier=advocate"',
    'on the membership confirmation',
  );
}

async function signUpToNewsletter(session: EngineSession) {
  await session.type(`${newsletterForm} input[type="email"]`, someone('reader'));
  await session.click(`${newsletterForm} button[type="submit"]`);
  await session.waitFor(
    `location.search === "?sent=newsletter" && ${hasText(`${newsletterSection} [role="status"]`, 'Almost done')}`,
    'the sign-up answered: almost done',
  );
}

const engines: Array<[string, (baseUrl: string, javaScript: boolean) => Promise<EngineSession>]> = [
  ['Firefox', (baseUrl, javaScript) => firefoxSession(baseUrl, NOT_FOUND, { javaScript })],
  ['WebKit', (baseUrl, javaScript) => webkitSession(baseUrl, { javaScript })],
];

test.describe.configure({ mode: 'parallel' });

for (const [engine, start] of engines) {
  test(`${engine}: before the page’s code arrives, what a visitor does takes effect, and a form is sent once`, async () => {
    test.setTimeout(180_000);
    const baseUrl = requiredEnv(`E2E_GATED_URL_${engine.toUpperCase()}`);
    const gate = scriptGate(baseUrl);
    const session = await start(baseUrl, true);
    /** Loads `path` with its scripts held, does what the visitor does, then lets the code arrive. */
    const beforeItsCode = async (path: string, act: () => Promise<void>) => {
      await gate.hold();
      try {
        await session.load(path);
        await act();
        expect(await session.evaluate<boolean>(HYDRATED), 'acted before the code arrived').toBe(false);
      } finally {
        await gate.release();
      }
      await session.waitFor(HYDRATED, 'hydrated');
    };
    try {
      await session.setWidth(1280);
      await test.step('the news search and category, typed and chosen, filter the list once it runs', async () => {
        await beforeItsCode('/news', async () => {
          await session.type('#news-search', 'pupils');
          await session.select('#news-category', 'Research');
        });
        await session.waitFor(
          'location.search === "?q=pupils&category=Research" && document.querySelectorAll(\'main a[href^="/news/"]\').length === 1',
          'one article, the filter in the address',
        );
      });

      await test.step('Past Events, a type and a policy area are links the server answers', async () => {
        await beforeItsCode('/events', async () => {
          await session.click('[aria-label="Events"] a[href^="?when=past"]');
          await session.waitFor(
            `location.search === "?when=past" && ${hasText('main a', 'View Recap')}`,
            'the past events',
          );
          await session.click('[aria-label="Event type"] a[href*="type=virtual"]');
          await session.waitFor('location.search === "?when=past&type=virtual"', 'the virtual past events');
          await session.load('/policy');
          await session.click('[aria-label="Policy areas"] a[href="?area=healthcare#areas"]');
          await session.waitFor(
            `location.search === "?area=healthcare" && ${hasText('[role="tabpanel"] h3', 'Healthcare')}`,
            'the healthcare area',
          );
        });
        expect(
          await session.evaluate(
            'document.querySelector(\'[aria-label="Policy areas"] [aria-selected="true"]\').textContent',
          ),
        ).toContain('Healthcare');
      });

      await test.step('the mobile menu opened before the code arrives stays open once it runs, and closes', async () => {
        await session.setWidth(390);
        const open = 'document.querySelector("#site-menu").matches(":popover-open")';
        const expanded = (value: boolean) =>
          `document.querySelector('button[popovertarget="site-menu"]').getAttribute("aria-expanded") === "${value}"`;
        await beforeItsCode('/', async () => {
          await session.click('button[popovertarget="site-menu"]');
          await session.waitFor(open, 'the menu open');
        });
        // The toggle says so once the code has run every effect of its first render.
        await session.waitFor(expanded(true), 'the toggle saying the menu is open');
        expect(await session.evaluate<boolean>(open), 'the menu still open once the code runs').toBe(true);
        await session.click('button[popovertarget="site-menu"]');
        await session.waitFor(`!${open} && ${expanded(false)}`, 'the menu closed');
        await session.setWidth(1280);
      });

      await test.step('a contact message is sent once and confirmed', async () => {
        await beforeItsCode('/contact', async () => {
          await fillContact(session, `Which evidence supports the open procurement proposal? (${engine}, held)`);
          await session.click(`${contactForm} button[type="submit"]`);
          await session.waitFor(
            `location.search === "?sent=contact" && ${hasText(`${contactForm} [role="status"]`, 'Message sent')}`,
            'the message confirmed',
          );
        });
        expect(await session.evaluate(fetchesTo(formPaths.contact)), 'sent again by the code').toBe(0);
        expect(
          await session.evaluate(hasText(`${contactForm} [role="status"]`, 'Message sent')),
          'still confirmed',
        ).toBe(true);
      });

      await test.step('a tier chosen and the registration sent open the confirmation', async () => {
        await beforeItsCode('/join', () => join(session));
        expect(await session.evaluate<string>('location.pathname'), 'still on the confirmation').toBe(
          '/membership-confirmation',
        );
      });

      await test.step('a newsletter sign-up is sent once and says what comes next', async () => {
        await beforeItsCode('/contact', () => signUpToNewsletter(session));
        expect(await session.evaluate(fetchesTo(formPaths.newsletter)), 'sent again by the code').toBe(0);
        expect(
          await session.evaluate(hasText(`${newsletterSection} [role="status"]`, 'Almost done')),
          'still saying what comes next',
        ).toBe(true);
      });

      await test.step('a form the server cannot answer is held, then sent once by its code', async () => {
        // A copy of one's data is a file the page's code saves: the gateway cannot answer its post alone.
        const link = await dataRequestLink(requiredEnv('E2E_BASE_URL'), someone('reader'), 'copy');
        await beforeItsCode(`${link.pathname}${link.search}`, async () => {
          await session.click('main form button[type="submit"]');
          expect(await session.evaluate(fetchesTo(dataRightsLinks.copyEndpoint))).toBe(0);
        });
        await session.waitFor(hasText('main [role="status"]', 'Your data is downloaded'), 'the copy saved');
        expect(await session.evaluate(fetchesTo(dataRightsLinks.copyEndpoint))).toBe(1);
      });
      expect(unexpected(await session.problems())).toEqual([]);
    } finally {
      await gate.release();
      await session.close();
    }
  });

  test(`${engine}: without JavaScript, every page reads and every form that needs no wallet is sent`, async () => {
    test.setTimeout(180_000);
    // Over TLS for WebKit, which keeps no Secure cookie over plain http (the member's session).
    const baseUrl = requiredEnv(engine === 'WebKit' ? 'E2E_TLS_BASE_URL' : 'E2E_BASE_URL');
    const session = await start(baseUrl, false);
    try {
      await session.setWidth(1280);
      await test.step('every page reads complete', async () => {
        for (const path of new Set(builtRoutes.map((route) => samplePath(route.path)))) {
          await session.open(path);
          expect
            .soft(await session.evaluate<string>('document.querySelector("main h1")?.textContent ?? ""'), path)
            .not.toBe('');
        }
        expect(await session.evaluate<boolean>(HYDRATED), 'no code ran').toBe(false);
      });

      await test.step('the news, events and policy filters are answered by the server', async () => {
        await session.open('/news');
        await session.type('#news-search', 'pupils');
        await session.select('#news-category', 'Research');
        await session.click('form:has(#news-search) button[type="submit"]');
        await session.waitFor(
          'location.search === "?q=pupils&category=Research" && document.querySelectorAll(\'main a[href^="/news/"]\').length === 1',
          'one article',
        );
        await session.open('/events');
        await session.click('[aria-label="Events"] a[href^="?when=past"]');
        await session.waitFor('location.search === "?when=past"', 'the past events');
        await session.click('[aria-label="Event type"] a[href*="type=virtual"]');
        await session.waitFor(
          'location.search === "?when=past&type=virtual" && document.querySelector(\'[aria-label="Event type"] [aria-current="true"]\')?.textContent === "Virtual"',
          'the virtual past events',
        );
        await session.open('/policy');
        await session.click('[aria-label="Policy areas"] a[href="?area=healthcare#areas"]');
        await session.waitFor(hasText('[role="tabpanel"] h3', 'Healthcare'), 'the healthcare area');
      });

      await test.step('the mobile menu opens and closes', async () => {
        await session.setWidth(390);
        await session.open('/');
        const open = 'document.querySelector("#site-menu").matches(":popover-open")';
        await session.click('button[popovertarget="site-menu"]');
        await session.waitFor(open, 'the menu open');
        await session.click('#site-menu a[href="/leadership"]');
        await session.waitFor(
          `location.pathname === "/leadership" && !${open}`,
          'on the Leadership page, the menu closed',
        );
        await session.setWidth(1280);
      });

      await test.step('a contact form with mistakes comes back with them, what was typed kept; corrected, it is sent', async () => {
        await session.open('/contact');
        await session.type(`${contactForm} [name="name"]`, 'A');
        await session.click(`${contactForm} button[type="submit"]`);
        await session.waitFor(
          `location.hash === "#form-contact" && document.querySelectorAll('${contactForm} [aria-invalid="true"]').length === 5`,
          'five fields said to need attention',
        );
        expect(
          await session.evaluate(hasText(`${contactForm} [role="alert"]`, 'Some fields need your attention')),
        ).toBe(true);
        expect(await session.evaluate(`document.querySelector('${contactForm} [name="name"]').value`)).toBe('A');
        await session.type(`${contactForm} [name="name"]`, 'da Lovelace');
        await session.type(`${contactForm} [name="email"]`, someone('ada'));
        await session.select(`${contactForm} [name="subject"]`, 'media');
        await session.type(`${contactForm} [name="message"]`, `I am writing a piece on the audit office (${engine}).`);
        await session.click(`${contactForm} [name="privacy"]`);
        await session.click(`${contactForm} button[type="submit"]`);
        await session.waitFor(
          `location.search === "?sent=contact" && ${hasText(`${contactForm} [role="status"]`, 'Message sent')}`,
          'the message confirmed',
        );
      });

      await test.step('the newsletter, a membership, volunteering, an event place and a data request are sent', async () => {
        await session.open('/contact');
        await signUpToNewsletter(session);
        await session.open('/join');
        await join(session);

        await session.open('/volunteer');
        await session.type('form [name="name"]', 'Grace Hopper');
        await session.type('form [name="email"]', someone('grace'));
        await session.click('input[name="interests"]');
        await session.click('input[name="availability"][value="weekends"]');
        await session.click('form [name="privacy"]');
        await session.click('form:has([name="interests"]) button[type="submit"]');
        await session.waitFor(
          `location.search === "?sent=volunteer" && ${hasText('main [role="status"]', 'Thank you for volunteering')}`,
          'the volunteer thanked',
        );

        await session.open(`/events/${sampleEvent.id}`);
        await session.type('form:has([name="eventId"]) [name="name"]', 'Grace Hopper');
        await session.type('form:has([name="eventId"]) [name="email"]', someone('grace'));
        await session.click('form:has([name="eventId"]) [name="privacy"]');
        await session.click('form:has([name="eventId"]) button[type="submit"]');
        await session.waitFor(
          `location.search === "?sent=eventRegistration" && ${hasText('main [role="status"]', "You're registered")}`,
          'the place confirmed',
        );

        await session.open('/your-data');
        await session.type('form:has([name="request"]) [name="email"]', someone('grace'));
        await session.click('input[name="request"][value="copy"]');
        await session.click('form:has([name="request"]) button[type="submit"]');
        await session.waitFor(
          `location.search === "?sent=dataRequest" && ${hasText('main [role="status"]', 'We have emailed the address you gave a link')}`,
          'the link said to be sent',
        );
      });

      await test.step('a member signs in, reads their membership and signs out', async () => {
        const email = someone(`member-${engine.toLowerCase()}`);
        await confirmedMember(requiredEnv('E2E_BASE_URL'), { email, password: PASSWORD, tier: 'advocate' });

        await session.open(memberLinks.signInPage);
        await session.type('main input[type="email"]', email);
        await session.type('main input[type="password"]', 'not the password');
        await session.click('main button[type="submit"]');
        await session.waitFor(
          hasText('main [role="alert"]', 'That email and password do not match a confirmed membership'),
          'the sign-in refused',
        );
        expect(await session.evaluate('document.querySelector(\'main input[type="password"]\').value')).toBe('');
        await session.type('main input[type="password"]', PASSWORD);
        await session.click('main button[type="submit"]');
        await session.waitFor(
          `location.pathname === "${memberLinks.accountPage}" && ${hasText('[aria-labelledby="membership-heading"]', email)}`,
          'on My membership, the account shown',
        );
        await session.click('[aria-labelledby="membership-heading"] button[type="submit"]');
        await session.waitFor('location.pathname === "/"', 'signed out, on the home page');
        await session.open(memberLinks.accountPage);
        await session.waitFor(hasText('main', 'to see your membership'), 'the membership no longer shown');
      });

      await test.step('a subscription is confirmed from its emailed link', async () => {
        const link = await subscribedReader(requiredEnv('E2E_BASE_URL'), someone('reader'));
        await session.open(`${link.pathname}${link.search}`);
        await session.click('main form button[type="submit"]');
        await session.waitFor(hasText('main [role="status"]', "You're subscribed"), 'the subscription confirmed');
      });

      await test.step('a place is cancelled from its emailed link', async () => {
        const email = someone('place');
        const api = await playwrightRequest.newContext({ baseURL: requiredEnv('E2E_BASE_URL') });
        await api
          .post(formPaths.eventRegistration, {
            data: { eventId: sampleEvent.id, name: 'Mary Jackson', email, privacy: true },
            failOnStatusCode: true,
          })
          .finally(() => api.dispose());
        const link = await emailedLink(email, eventLinks.placePage);
        await session.open(`${link.pathname}${link.search}`);
        await session.clickButton('Cancel my place');
        await session.waitFor(hasText('main', 'This place is cancelled.'), 'the place cancelled');
      });

      await test.step('a membership is confirmed from its link; a forgotten password is chosen from its own', async () => {
        const email = someone(`joined-${engine.toLowerCase()}`);
        const confirm = await joinedMember(requiredEnv('E2E_BASE_URL'), { email, password: PASSWORD, tier: 'member' });
        await session.open(`${confirm.pathname}${confirm.search}`);
        await session.type('main input[type="password"]', PASSWORD);
        await session.click('main button[type="submit"]');
        await session.waitFor(
          `location.pathname === "${memberLinks.accountPage}" && ${hasText('[aria-labelledby="membership-heading"]', email)}`,
          'confirmed, on My membership',
        );

        await session.open(memberLinks.forgotPasswordPage);
        await session.type('main input[type="email"]', email);
        await session.click('main button[type="submit"]');
        await session.waitFor(hasText('main [role="status"]', 'If that address holds a membership'), 'the link sent');
        const reset = await emailedLink(email, memberLinks.resetPasswordPage, 'Reset your password');
        await session.open(`${reset.pathname}${reset.search}`);
        await session.type('main input[type="password"]', 'a brand new password');
        await session.click('main button[type="submit"]');
        await session.waitFor(
          `location.pathname === "${memberLinks.accountPage}" && ${hasText('[aria-labelledby="membership-heading"]', email)}`,
          'the new password set, on My membership',
        );
      });

      await test.step('the donate page says giving needs a wallet and JavaScript, and offers other ways to help', async () => {
        await session.open('/donate');
        await session.waitFor(
          'document.querySelector("#donate").innerText.includes("Giving needs a browser wallet and JavaScript.")',
          'the wallet notice shown',
        );
      });
      expect(unexpected(await session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
}
