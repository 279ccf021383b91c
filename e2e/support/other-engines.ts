import type { ChildProcess } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { startTestProcess } from '../../api-gateway/src/testing/test-processes';
import { freePort } from './local-processes';
import { TEST_WALLET_RPC, testWallet, testWalletOptions, testWalletRpc } from './test-wallet';

/**
 * What a page did wrong, recorded from inside it: script errors (its own and failed script and
 * stylesheet loads, caught in the capture phase), rejected promises and CSP violations. Installed
 * before the page's scripts run (they load after the first paint), so that an engine without a
 * console channel (WebKit's driver) reports them too.
 */
const PROBLEM_HOOKS = `(() => {
  if (window.pageProblems) return;
  const problems = (window.pageProblems = []);
  addEventListener('error', (event) => problems.push(event.target && event.target !== window ? 'failed to load ' + (event.target.src || event.target.href) : 'error: ' + event.message), true);
  addEventListener('unhandledrejection', (event) => problems.push('rejected: ' + (event.reason && event.reason.message || event.reason)));
  addEventListener('securitypolicyviolation', (event) => problems.push('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));
})()`;

/**
 * One browser of another engine, driven as a visitor uses it: real clicks and keystrokes, and
 * expressions evaluated in the page for what to check.
 */
export interface EngineSession {
  /** Loads `path` afresh and waits until it has hydrated (scripts on), the problem hooks installed first. */
  open(path: string): Promise<void>;
  /** Loads `path` afresh, the problem hooks installed, without waiting for its code: as a visitor acts on it. */
  load(path: string): Promise<void>;
  setWidth(width: number): Promise<void>;
  click(selector: string): Promise<void>;
  /** Clicks the button whose text is `name`, as a visitor picks it by what it says. */
  clickButton(name: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  select(selector: string, value: string): Promise<void>;
  /** The value of a JavaScript expression in the page. */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits (10 s at most) until the expression is true in the page. */
  waitFor(expression: string, what: string): Promise<void>;
  /** What went wrong since the last `open`: the page's own hooks, and what the engine reports beside them. */
  problems(): Promise<string[]>;
  /** The remote manifests requested since the last `open`. */
  manifests(): Promise<string[]>;
  close(): Promise<void>;
}

/** An expression true in the page when some element matching `selector` holds `text`. */
export const hasText = (selector: string, text: string) =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => element.textContent.includes(${JSON.stringify(text)}))`;

/** Whether the page's code has hydrated it. Null-safe: asked while a navigation replaces the document, Firefox may have none yet. */
export const HYDRATED = 'document.documentElement?.hasAttribute("data-hydrated") === true';
// :disabled, not .disabled: a control inside a disabled fieldset is disabled too.
const enabled = (selector: string) =>
  `(() => { const element = document.querySelector(${JSON.stringify(selector)}); return Boolean(element) && !element.matches(':disabled'); })()`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Marks the enabled button whose text is `name` (true), for a driver that finds elements by CSS alone. */
const markButton = (name: string) =>
  `(() => { document.querySelector('[data-engine-target]')?.removeAttribute('data-engine-target'); const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent.trim() === ${JSON.stringify(name)} && !candidate.matches(':disabled')); button?.setAttribute('data-engine-target', ''); return Boolean(button); })()`;

/**
 * A driver command that does not answer within `ms` counts as false. WebKit's driver can lose a
 * command sent during a session's first navigation: it never answers, while the next one does (1
 * first load in 25 under load). So each check is given 10 s, then asked again.
 */
const COMMAND_MS = 10_000;
const answered = (command: Promise<boolean>, ms: number) =>
  Promise.race([command.catch(() => false), pause(ms).then(() => false)]);

/**
 * A driver command that changes nothing, asked again when it has not answered within 10 s, and
 * failed by name after `timeoutMs`: Firefox's driver too can leave a command unanswered (once in
 * CI, a no-JavaScript test then waited out its three minutes without saying on what).
 */
async function askedUntilAnswered<T>(command: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await Promise.race([
      command().then((value) => ({ value })),
      pause(Math.min(COMMAND_MS, timeoutMs)).then(() => null),
    ]);
    if (answer) return answer.value;
    if (Date.now() > deadline) throw new Error(`Not answered within ${timeoutMs / 1000} s: ${what}`);
  }
}

/** A driver command that acts (it must not be sent twice), failed by name if it has not answered in `ms`. */
async function answeredWithin<T>(command: Promise<T>, what: string, ms = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Not answered within ${ms / 1000} s: ${what}`)), ms);
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
}

async function poll(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answered(check(), Math.min(COMMAND_MS, timeoutMs)))) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs / 1000} s: ${what}`);
    await pause(25);
  }
}

/** How a session's browser is set up: JavaScript switched off (`javaScript: false`), as some visitors have it. */
export interface EngineOptions {
  javaScript?: boolean;
}

/**
 * Debian's Firefox ESR, over WebDriver BiDi (puppeteer-core); `notFound`: the one path answered 404
 * on purpose. It takes the certificate of the test's TLS proxies (tls-proxy.ts).
 */
export async function firefoxSession(
  baseUrl: string,
  notFound: string,
  { wallet, javaScript = true }: EngineOptions & { wallet?: { rpcUrls: Record<number, string>; account: string } } = {},
): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
    acceptInsecureCerts: true,
    // Its driver has no command for it (emulation.setScriptingEnabled): the preference does it.
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  });
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(PROBLEM_HOOKS);
  // The test wallet, as an extension would be: in every page, its node reached outside the page's CSP.
  if (wallet) {
    await page.exposeFunction(TEST_WALLET_RPC, testWalletRpc(wallet.rpcUrls));
    await page.evaluateOnNewDocument(testWallet, testWalletOptions(wallet.rpcUrls, 31337, wallet.account));
  }
  const reported: string[] = [];
  const manifests: string[] = [];
  page.on('request', (request) => void (request.url().endsWith('/mf-manifest.json') && manifests.push(request.url())));
  // A request the next navigation cancels (NS_BINDING_ABORTED) is the visitor leaving, not a failure.
  page.on(
    'requestfailed',
    (request) =>
      void (
        !/ABORTED/.test(request.failure()?.errorText ?? '') &&
        reported.push(`failed ${request.url()}: ${request.failure()?.errorText}`)
      ),
  );
  page.on('response', (response) => {
    const notFoundPage = response.request().isNavigationRequest() && response.url().endsWith(notFound);
    if (response.status() >= 400 && !notFoundPage) reported.push(`${response.status()} ${response.url()}`);
  });
  // An Error logged is read for its name and message (its text alone says `JSHandle@error`), unless
  // the page it belonged to is gone.
  const logged: Array<Promise<string>> = [];
  page.on('console', (message) => {
    if (!['error', 'warn'].includes(message.type())) return;
    const described = message
      .args()
      .map((arg) =>
        arg
          .evaluate((value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value)))
          .catch(() => null),
      );
    logged.push(
      Promise.all(described).then(
        (parts) =>
          `console ${message.type()}: ${parts.every((part) => part !== null) ? parts.join(' ') : message.text()}`,
      ),
    );
  });
  // Polls ask again by themselves; a test's own question is asked again here.
  const inPage = <T>(expression: string) => page.evaluate(expression) as Promise<T>;
  const evaluate = <T>(expression: string) =>
    askedUntilAnswered(() => inPage<T>(expression), `evaluating ${expression.slice(0, 80)}`);
  /** As Playwright does: the element must be there and enabled before it is clicked or typed into. */
  const actionable = (selector: string) => poll(() => inPage<boolean>(enabled(selector)), `${selector} enabled`);
  /**
   * Centred first, as in WebKit: scrolled only just into view, an element can lie under the sticky
   * header. Then the mouse, at its centre: puppeteer's own click waits on an IntersectionObserver,
   * whose callback never comes in a page with JavaScript switched off.
   */
  const clickCentred = async (selector: string) => {
    const centre = await askedUntilAnswered(
      () =>
        page.$eval(selector, (element) => {
          element.scrollIntoView({ block: 'center' });
          const box = element.getBoundingClientRect();
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        }),
      `the centre of ${selector}`,
    );
    await answeredWithin(page.mouse.click(centre.x, centre.y), `a click on ${selector}`);
  };
  /**
   * The page's scripts load after its first paint: DOMContentLoaded does not wait for them. Its
   * driver can miss that event (a CI run waited 60 s on "loading /about" of a page long there), so
   * the new document's own state decides: the page being left is marked first, as for WebKit.
   */
  const load = async (path: string) => {
    reported.length = 0;
    manifests.length = 0;
    await inPage('window.partyLeftPage = true').catch(() => undefined);
    void page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 }).catch(() => undefined);
    await poll(
      () =>
        inPage<boolean>(
          `(() => { const loaded = new URL(performance.getEntriesByType('navigation')[0]?.name ?? location.href); return !window.partyLeftPage && loaded.pathname + loaded.search === ${JSON.stringify(path)} && document.readyState !== 'loading'; })()`,
        ),
      `${path} loaded`,
      60_000,
    );
  };
  return {
    load,
    async open(path) {
      await load(path);
      if (javaScript) await poll(() => inPage<boolean>(HYDRATED), `${path} hydrated`);
    },
    setWidth: (width) => page.setViewport({ width, height: width > 500 ? 800 : 844 }),
    click: async (selector) => {
      await actionable(selector);
      await clickCentred(selector);
    },
    clickButton: async (name) => {
      await poll(() => inPage<boolean>(markButton(name)), `the button ${name}`);
      await clickCentred('[data-engine-target]');
    },
    type: async (selector, text) => {
      await actionable(selector);
      await answeredWithin(page.type(selector, text), `typing into ${selector}`);
    },
    select: async (selector, value) =>
      void (await answeredWithin(page.select(selector, value), `choosing ${value} in ${selector}`)),
    evaluate,
    waitFor: (expression, what) => poll(() => inPage<boolean>(expression), what),
    problems: async () => [
      ...(await evaluate<string[]>('window.pageProblems || []')),
      ...reported,
      ...(await answeredWithin(Promise.all(logged), 'reading what the console logged')),
    ],
    manifests: async () => [...manifests],
    close: async () => {
      await answeredWithin(browser.close(), 'closing Firefox', 10_000).catch(() => browser.process()?.kill('SIGKILL'));
    },
  };
}

const MINI_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK's MiniBrowser under a virtual display (it has no headless mode), driven by
 * WebKitWebDriver (selenium-webdriver); full-screen so that its window can be as narrow as a phone.
 * It takes the certificate of the test's TLS proxies (tls-proxy.ts).
 * Its driver has no console: what goes wrong is what the page's hooks saw.
 */
export async function webkitSession(
  baseUrl: string,
  { javaScript = true }: EngineOptions = {},
): Promise<EngineSession> {
  const [display, port] = [100 + (process.pid % 400), await freePort()];
  const children: ChildProcess[] = [];
  const started = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
    children.push(startTestProcess(command, command, args, { env, stdio: 'ignore' }));
  started('Xvfb', [`:${display}`, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp']);
  started('WebKitWebDriver', [`--port=${port}`, '--replace-on-new-session'], {
    ...process.env,
    DISPLAY: `:${display}`,
  });
  const stop = () => children.forEach((child) => child.kill());
  let driver: WebDriver | null = null;
  for (let attempt = 0; attempt < 50 && !driver; attempt += 1) {
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // Without JavaScript, there is nothing to act on before the load, and the driver's polls
        // during one can go unanswered: it waits for the load.
        pageLoadStrategy: javaScript ? 'none' : 'normal',
        acceptInsecureCerts: true,
        'webkitgtk:browserOptions': {
          binary: MINI_BROWSER,
          // Switched off for the page: the driver's own scripts still run.
          args: ['--automation', '--full-screen', ...(javaScript ? [] : ['--enable-javascript=false'])],
        },
      })
      .build()
      .catch(async () => {
        await pause(200);
        return null;
      });
  }
  if (!driver) {
    stop();
    throw new Error('WebKitWebDriver did not start');
  }
  const session = driver;
  const evaluate = <T>(expression: string) => session.executeScript<T>(`return (${expression})`);
  const element = (selector: string) => session.findElement(By.css(selector));
  /**
   * As Playwright does, the element must be there and enabled; the driver's click does not scroll
   * under the site's scroll-padding-top, so the element is centred first; and one that React
   * replaced between finding and clicking (StaleElementReference) is found again.
   */
  const click = async (selector: string) => {
    await poll(() => evaluate<boolean>(enabled(selector)), `${selector} enabled`);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const target = await element(selector);
        await session.executeScript('arguments[0].scrollIntoView({ block: "center" })', target);
        await target.click();
        return;
      } catch (error) {
        if ((error as Error).name !== 'StaleElementReferenceError' || attempt === 3) throw error;
      }
    }
  };
  const load = async (path: string) => {
    if (!javaScript) return session.get(`${baseUrl}${path}`);
    // The page being left is marked: with no page load strategy, the driver returns before the new
    // document is there, and the new one may have the same address (a reload).
    await session.executeScript('window.partyLeftPage = true').catch(() => undefined);
    await session.get(`${baseUrl}${path}`);
    // The hooks go in as soon as the new document is there: the page loads its scripts after it is painted.
    // The document is known by the URL it was loaded from, not by the address bar, which a page may
    // change once it runs (the member area sends a visitor who is not signed in to the sign-in page).
    await poll(
      () =>
        session.executeScript<boolean>(
          `const loaded = new URL(performance.getEntriesByType('navigation')[0]?.name ?? location.href); if (window.partyLeftPage || loaded.pathname + loaded.search !== arguments[0]) return false; ${PROBLEM_HOOKS}; return true;`,
          path,
        ),
      `${path} opened`,
      60_000,
    );
  };
  return {
    clickButton: async (name) => {
      await poll(() => evaluate<boolean>(markButton(name)), `the button ${name}`);
      await click('[data-engine-target]');
    },
    load,
    async open(path) {
      await load(path);
      if (javaScript) await poll(() => evaluate<boolean>(HYDRATED), `${path} hydrated`);
    },
    setWidth: async (width) =>
      void (await session
        .manage()
        .window()
        .setRect({ width, height: width > 500 ? 800 : 844 })),
    click,
    type: async (selector, text) => {
      await click(selector);
      await (await element(selector)).sendKeys(text);
    },
    select: (selector, value) => click(`${selector} option[value="${value}"]`),
    evaluate,
    waitFor: (expression, what) => poll(() => evaluate<boolean>(expression), what),
    problems: () => evaluate<string[]>('window.pageProblems || []'),
    manifests: () =>
      evaluate<string[]>(
        `performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('/mf-manifest.json'))`,
      ),
    close: async () => {
      await answered(
        session.quit().then(() => true),
        10_000,
      );
      stop();
    },
  };
}
