import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { contentRelease } from '../support/release-site';

test('the registry pointing at another build of a remote changes the page, with the same shell build', async ({
  page,
  request,
}) => {
  const altBaseUrl = requiredEnv('E2E_ALT_BASE_URL');
  const canary = requiredEnv('E2E_CANARY_RELEASE');

  await page.goto('/');
  await expectPage(page, 'Not patching broken systems. Replacing them.');
  await expect(contentRelease(page)).toHaveAttribute('data-release', '0.1.0');

  await page.goto(`${altBaseUrl}/`);
  await expectPage(page, 'Not patching broken systems. Replacing them.');
  await expect(contentRelease(page)).toHaveAttribute('data-release', canary);

  // Both gateways serve the very same shell build (its entry scripts, listed for the page's loader,
  // and its font): only the registry, and so the page rendered from it, differs.
  const shellFiles = async (base: string) => {
    const html = await (await request.get(`${base}/`)).text();
    const assets = JSON.parse(
      /<script id="party-assets" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as { scripts: string[] };
    return [...assets.scripts, ...(html.match(/href="\/static\/[^"]+"/g) ?? [])];
  };
  const shellBuild = await shellFiles(requiredEnv('E2E_BASE_URL'));
  expect(shellBuild.filter((file) => /^\/static\/js\//.test(file))).toHaveLength(2);
  expect(await shellFiles(altBaseUrl)).toEqual(shellBuild);
  const registry = await (await request.get(`${altBaseUrl}/remotes.json`)).json();
  expect(registry.remotes['mf-content'].entry).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json$/);
});

test('one React, router and store library run in the page, provided by the shell', async ({ page }) => {
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expectPage(page, 'Not patching broken systems. Replacing them.');

  const shared = await page.evaluate(() => {
    // A tree-shaken share (react-router) records its state under `treeShaking`.
    type Use = { loaded?: boolean; useIn: string[] };
    type Share = Use & { from: string; treeShaking?: Use };
    type Instance = { name: string; shareScopeMap: Record<string, Record<string, Record<string, Share>>> };
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    const scope = federation.__INSTANCES__.find((instance) => instance.name === 'shell')?.shareScopeMap.default ?? {};
    return Object.fromEntries(
      ['react', 'react-dom', 'react-router', 'zustand'].map((name) => {
        const versions = Object.values(scope[name] ?? {});
        const loaded = versions.filter((v) => v.loaded || v.treeShaking?.loaded).map((v) => v.from);
        const users = versions.flatMap((v) => [...v.useIn, ...(v.treeShaking?.useIn ?? [])]);
        return [name, { versions: versions.length, loaded, users }];
      }),
    );
  });

  for (const name of ['react', 'react-dom', 'react-router', 'zustand']) {
    expect(shared[name]?.versions, `one version of ${name} in the page`).toBe(1);
    expect(shared[name]?.loaded, `${name} loaded once, from the shell`).toEqual(['shell']);
  }
  expect(shared.react?.users).toEqual(expect.arrayContaining(['mf-content', 'mf-donate']));
  expect(shared['react-router']?.users).toEqual(expect.arrayContaining(['mf-content']));
  expect(shared.zustand?.users).toEqual(expect.arrayContaining(['mf-donate']));
});

test("a router Link inside a remote navigates with the shell's router, without a reload", async ({ page }) => {
  await page.goto('/');
  await expectPage(page, 'Not patching broken systems. Replacing them.');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  await page.locator('[data-remote="mf-content"]').getByRole('link', { name: 'Read Our Manifesto' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expectPage(page, 'Policies that show their working.');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('a toast raised inside a remote appears in the shell, and F8 reaches it', async ({ page }) => {
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');

  // No wallet in this browser: mf-donate raises the toast of docs/product.md through the shell channel.
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  const region = toasts(page);
  await expect(region.getByText('No Ethereum Wallet Found')).toBeVisible();
  await expect(
    region.getByText('Please install a wallet extension or another Ethereum wallet to make a donation.'),
  ).toBeVisible();

  await page.keyboard.press('F8');
  await expect(region.getByRole('list')).toBeFocused();

  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(region.getByText('No Ethereum Wallet Found')).toBeHidden();
});

test('F8 reaches the notifications region on a fresh page, before any toast', async ({ page }) => {
  await page.goto('/about');
  await expectPage(page, 'A movement built on evidence, not slogans.');
  await page.keyboard.press('F8');
  await expect(toasts(page).getByRole('list')).toBeFocused();
});

test('a second toast replaces the first: one is shown at a time', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { ethereum: object }).ethereum = {
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? '0x7a69' : ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    };
  });
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  const region = toasts(page);
  await expect(region.getByText('Wallet Connected')).toBeVisible();
  await expect(page.getByText('0xf39F...2266')).toBeVisible();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(region.getByText('Wallet Disconnected')).toBeVisible();
  await expect(region.getByText('Wallet Connected')).toBeHidden();
  await expect(region.getByRole('listitem')).toHaveCount(1);
});

test('a page is painted before its code is fetched, and all its code comes in one wave', async ({ page }) => {
  const html = await (await page.goto('/news'))!.text();
  await expectPage(page, 'News and research');
  const listed = JSON.parse(
    /<script id="party-assets" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as { scripts: string[]; preload: string[] };
  const timings = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    scripts: performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
      .filter(({ path }) => path.endsWith('.js')),
  }));
  expect(timings.scripts.length).toBeGreaterThan(5);
  // No script was discovered by another one: the HTML named them all (one round trip after it).
  expect(
    timings.scripts.map(({ path }) => path).filter((path) => ![...listed.scripts, ...listed.preload].includes(path)),
  ).toEqual([]);
  // And none competed with the first paint.
  for (const { path, startTime } of timings.scripts) expect(startTime, path).toBeGreaterThanOrEqual(timings.painted);
});

test('a page’s stylesheets come in its HTML, once: hydrating fetches none, and a page reached in the browser adds its own once', async ({
  page,
}) => {
  const stylesheets = () =>
    page.evaluate(() => ({
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.css')),
      linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    }));
  await page.goto('/news');
  await expectPage(page, 'News and research');
  await page.waitForLoadState('networkidle');
  expect(await stylesheets()).toEqual({ fetched: [], linked: [] });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Donate' }).click();
  await expectPage(page, 'Fund the refoundation.');
  const { fetched, linked } = await stylesheets();
  expect(fetched).toEqual([
    expect.stringMatching(/^\/remotes\/mf-donate\/static\/css\/async\/__federation_expose_Donate\.\w+\.css$/),
  ]);
  expect(linked).toEqual(fetched);
});

test('each remote’s manifest is fetched once per page load, the fetch the page began handed to the federation runtime', async ({
  page,
}) => {
  const manifests: string[] = [];
  page.on(
    'request',
    (request) => void (request.url().endsWith('/mf-manifest.json') && manifests.push(new URL(request.url()).pathname)),
  );
  for (const [path, remotes] of [
    ['/', ['mf-content']],
    ['/news', ['mf-content', 'mf-engagement']],
    ['/contact', ['mf-engagement']],
    ['/donate', ['mf-donate']],
  ] as const) {
    manifests.length = 0;
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    expect(manifests.sort(), path).toEqual(remotes.map((remote) => `/remotes/${remote}/mf-manifest.json`));
  }
});
