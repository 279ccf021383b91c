import { spawn, type ChildProcess } from 'node:child_process';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { freePort } from './local-processes';

/**
 * What a page did wrong, recorded from inside it: script errors (its own and failed script and
 * stylesheet loads, caught in the capture phase), rejected promises and CSP violations. Installed
 * before the page's scripts run (they load after the first paint), so that an engine without a
 * console channel (WebKit's driver) reports them too.
 */
export const PROBLEM_HOOKS = `(() => {
  if (window.pageProblems) return;
  const problems = (window.pageProblems = []);
  addEventListener('error', (event) => problems.push(event.target && event.target !== window ? 'failed to load ' + (event.target.src || event.target.href) : 'error: ' + event.message), true);
  addEventListener('unhandledrejection', (event) => problems.push('rejected: ' + (event.reason && event.reason.message || event.reason)));
  addEventListener('securitypolicyviolation', (event) => problems.push('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));
})()`;

/** Debian's Firefox ESR, over WebDriver BiDi. */
export function launchFirefox(): Promise<PuppeteerBrowser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true, protocol: 'webDriverBiDi' });
}

const MINI_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK's MiniBrowser under a virtual display (it has no headless mode), driven by
 * WebKitWebDriver; full-screen so that its window can be as narrow as a phone.
 */
export async function launchWebKit(): Promise<{ driver: WebDriver; close(): Promise<void> }> {
  const [display, port] = [100 + (process.pid % 400), await freePort()];
  const children: ChildProcess[] = [];
  const started = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    children.push(child);
    return child;
  };
  started('Xvfb', [`:${display}`, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp']);
  started('WebKitWebDriver', [`--port=${port}`, '--replace-on-new-session'], { ...process.env, DISPLAY: `:${display}` });
  const stop = async () => {
    for (const child of children) child.kill();
  };
  try {
    let driver: WebDriver | null = null;
    for (let attempt = 0; attempt < 50 && !driver; attempt += 1) {
      driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: 'MiniBrowser', pageLoadStrategy: 'none', 'webkitgtk:browserOptions': { binary: MINI_BROWSER, args: ['--automation', '--full-screen'] } })
        .build()
        .catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return null;
        });
    }
    if (!driver) throw new Error('WebKitWebDriver did not start');
    const session = driver;
    return {
      driver: session,
      close: async () => {
        await session.quit().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
