import { expect, test, toasts } from '../support/fixtures';
import { accessibilityViolations } from '../support/accessibility';
import { contentRelease, startReleaseSite } from '../support/release-site';
import { addAppAtFirstSignIn, signInWithPassword } from '../support/staff-console';

// Release control through the running site on the embedded database (`npm start`'s default): the
// command line talks to the gateway with a token, so the site never stops and its data is never
// opened twice.
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof startReleaseSite>>;
let green: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startReleaseSite({ kind: 'pglite' });
  green = await site.build('mf-content', 'green');
});
test.afterAll(async () => site?.stop());

test('a team previews its published release in its own browser, leaves, then activates it for everyone', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const configured = await site.releaseShown(page);
  await site.remotes('publish', 'mf-content', '--from', green, '--version', '1.9.0-preview', '--reason', 'look first');
  const link = (await site.remotes('preview', 'mf-content', '1.9.0-preview')).split('\n')[1]!;
  expect(new URL(link).origin).toBe(site.baseUrl);

  // The link pins this browser to the release, and every page says so.
  await page.goto(link);
  const banner = page.getByRole('complementary', { name: 'Release preview' });
  await expect(banner).toContainText('Preview mf-content 1.9.0-preview. Only this browser sees it');
  expect(await site.releaseShown(page)).toBe('green');
  await expect(banner).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const answer = await page.request.get(`${site.baseUrl}/about`);
  expect(answer.headers()['site-releases']).toContain('mf-content@1.9.0-preview preview');
  expect(answer.headers()['cache-control']).toBe('no-store');

  // Another browser sees the active release, and no banner.
  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    expect(await site.releaseShown(visitor)).toBe(configured);
    await expect(visitor.getByRole('complementary', { name: 'Release preview' })).toHaveCount(0);

    // Leaving comes back to the same page, on the active release.
    await banner.getByRole('button', { name: 'Leave preview' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(`${site.baseUrl}/about`);
    await expect(contentRelease(page)).toHaveAttribute('data-release', configured);

    await site.remotes('activate', 'mf-content', '1.9.0-preview', '--reason', 'looked right in preview');
    await expect.poll(() => site.releaseShown(visitor)).toBe('green');
  } finally {
    await other.close();
  }
  await site.remotes('rollback', 'mf-content', '--reason', 'the next test starts from the configured build');
});

test('an administrator sees every preview link that still works, and ends one: its browser is back on the active release', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const configured = await site.releaseShown(page);
  await site.remotes('publish', 'mf-content', '--from', green, '--version', '1.9.1-preview', '--reason', 'look first');
  const link = (await site.remotes('preview', 'mf-content', '1.9.1-preview')).split('\n')[1]!;
  await page.goto(link);
  const banner = page.getByRole('complementary', { name: 'Release preview' });
  await expect(banner).toContainText('Preview mf-content 1.9.1-preview');

  const console = await browser.newContext({ baseURL: site.baseUrl });
  try {
    const staff = await console.newPage();
    await signInWithPassword(staff, await site.administrator());
    await addAppAtFirstSignIn(staff);
    await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Releases' }).click();
    const links = staff.getByRole('table', { name: 'Preview links that still work, newest first' });
    const row = links.getByRole('row', { name: /mf-content 1\.9\.1-preview/ });
    await expect(row).toContainText('e2e all');
    expect(await accessibilityViolations(staff)).toEqual([]);
    await row.getByRole('button', { name: /^End this link/ }).click();
    await expect(toasts(staff).getByText('The link to mf-content 1.9.1-preview no longer works')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await console.close();
  }

  // The browser that opened it is back on the active release at its next page; the link is withdrawn.
  expect(await site.releaseShown(page)).toBe(configured);
  await expect(banner).toHaveCount(0);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(410);
});

test('publish, activate and roll back while the site runs, with no failed page load', async ({ page }) => {
  // Eleven page loads and three switches: over 30 s when the machine also runs the other tests.
  test.setTimeout(90_000);
  const configured = await site.releaseShown(page);
  expect(
    await site.remotes('publish', 'mf-content', '--from', green, '--version', '2.0.0-green', '--reason', 'new copy'),
  ).toContain('Published mf-content 2.0.0-green');

  const seen = new Set<string>();
  const switching = (async () => {
    await site.remotes('activate', 'mf-content', '2.0.0-green', '--reason', 'launch');
    await site.remotes('rollback', 'mf-content', '--reason', 'back to the built-in build');
    await site.remotes('activate', 'mf-content', '2.0.0-green', '--reason', 'launch again');
  })();
  for (let load = 0; load < 10; load += 1) seen.add(await site.releaseShown(page));
  await switching;
  seen.add(await site.releaseShown(page));
  expect([...seen].every((release) => release === 'green' || release === configured)).toBe(true);
  expect(await site.releaseShown(page)).toBe('green');

  const history = await site.remotes('history', 'mf-content');
  expect(history).toContain('activate    configured -> 2.0.0-green  by e2e all (token 1): launch');
  expect(history).toContain('rollback    2.0.0-green -> configured  by e2e all (token 1): back to the built-in build');
});

test('a forged, missing or out-of-scope token changes nothing', async ({ page }) => {
  await expect(site.remotesWithToken('party_forged', 'rollback', 'mf-content', '--reason', 'x')).rejects.toThrow(
    /That token is unknown or revoked/,
  );
  await expect(site.remotesWithToken(site.tokens!.donate, 'rollback', 'mf-content', '--reason', 'x')).rejects.toThrow(
    /This token may change mf-donate only, not mf-content/,
  );
  const anonymous = await page.request.post(`${site.baseUrl}/api/admin/releases/mf-content/rollback`, {
    data: { reason: 'x' },
  });
  expect(anonymous.status()).toBe(401);
  expect(await site.releaseShown(page)).toBe('green');
});

test('a canary whose pages fail for its visitors is rolled back by the gateway, with no person involved', async ({
  page,
  context,
  expectProblems,
}) => {
  test.setTimeout(180_000);
  // The canary's files do not reach its visitors (as when a release is broken): the browser and the
  // federation runtime report it, and so does the shell, to the gateway.
  expectProblems(
    /RUNTIME-\d+|Failed to load resource|net::ERR_FAILED|preloaded using link preload but not used|is unavailable:/,
  );
  await site.remotes(
    'publish',
    'mf-content',
    '--from',
    green,
    '--version',
    '3.0.0-canary',
    '--reason',
    'same copy, new release',
  );
  expect(
    await site.remotes('activate', 'mf-content', '3.0.0-canary', '--canary', '50', '--reason', 'try it on half'),
  ).toContain('is a canary for 50% of visitors');
  await page.route('**/releases/mf-content/3.0.0-canary/**', (route) => route.abort('failed'));
  /** Whether the site drew this browser, afresh, a cohort: it does once its snapshot has the canary. */
  const drawsCohort = async () => {
    await context.clearCookies();
    const served = await context.request.get(`${site.baseUrl}/about`);
    const drawn = (await context.cookies()).some((cookie) => cookie.name === '__Host-party_cohort');
    return drawn ? (served.headers()['site-releases']!.includes(' canary') ? 'canary' : 'active') : null;
  };
  await expect.poll(drawsCohort, { timeout: 30_000 }).not.toBeNull();
  /**
   * Makes this browser a visitor of `side`: the site draws each new visitor a cohort and seals it in
   * a cookie, so the browser starts afresh until one lands there.
   */
  const becomeVisitorOf = async (side: 'canary' | 'active') => {
    for (let draw = 0; draw < 64; draw += 1) if ((await drawsCohort()) === side) return;
    throw new Error(`no visitor drawn on the ${side} side in 64 draws`);
  };

  // Visitors of the other half load the active release, which works.
  await becomeVisitorOf('active');
  const active = await site.releaseShown(page);
  for (let load = 0; load < 2; load += 1) expect(await site.releaseShown(page)).toBe(active);

  // Visitors of the canary's half: no verdict before it has served enough clients …
  await becomeVisitorOf('canary');
  for (let load = 0; load < 20; load += 1) {
    const served = await page.request.get(`${site.baseUrl}/about`, {
      headers: { 'x-forwarded-for': `203.0.113.${load + 1}` },
    });
    expect(served.status()).toBe(200);
  }
  // … then each page load fails and is reported, each visitor at an address of its own (a flood from
  // one counts once), until the gateway ends it.
  let loads = 0;
  while (loads < 12 && (await site.remotes('list')).includes('canary 3.0.0-canary')) {
    loads += 1;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${loads}` });
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/remote-failures'));
    await page.goto(`${site.baseUrl}/about`);
    expect((await reported).status()).toBe(204);
  }
  expect(loads).toBeLessThan(12);
  await page.setExtraHTTPHeaders({});
  expect(await site.remotes('history', 'mf-content')).toMatch(
    /canary-end {2}3\.0\.0-canary {2}by gateway \(automatic canary check\): automatic: its pages failed \d+ times in \d+ page loads, the active release's \([\w.+-]+\) 0 times in \d+/,
  );

  // The same visitor now gets the active release, and it works.
  await page.unroute('**/releases/mf-content/3.0.0-canary/**');
  expect(await site.releaseShown(page)).toBe(active);
});

test('a new page is a release of mf-content alone: routed, rendered on the server, in the footer and sitemap, and gone again on rollback', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const withPage = await site.buildContentWithPage('transparency', {
    path: '/transparency',
    page: 'Transparency',
    footer: { group: 'party', label: 'Transparency', order: 60 },
    source: `import { PageFrame, PageHero } from '@party/shared-ui';

export default function TransparencyPage() {
  return (
    <PageFrame meta={{ title: 'Transparency', description: 'Every donation and every expense of the party, published each month.' }}>
      <PageHero eyebrow="Transparency" heading="Every pound in, every pound out." lead="Our accounts, published monthly." />
    </PageFrame>
  );
}
`,
  });
  expect((await request.get(`${site.baseUrl}/transparency`)).status()).toBe(404);

  await site.remotes(
    'publish',
    'mf-content',
    '--from',
    withPage,
    '--version',
    '3.0.0-transparency',
    '--reason',
    'a transparency page',
  );
  await site.remotes('activate', 'mf-content', '3.0.0-transparency', '--reason', 'ship the transparency page');

  // The server sends it complete, with no shell or gateway change and no restart (the first loads,
  // while the renderer of the new release starts, are left to the browser).
  expect((await request.get(`${site.baseUrl}/transparency`)).status()).toBe(200);
  await expect
    .poll(async () => (await request.get(`${site.baseUrl}/transparency`)).text(), { timeout: 15_000 })
    .toContain('Every pound in, every pound out.');
  expect(await (await request.get(`${site.baseUrl}/sitemap.xml`)).text()).toContain('/transparency</loc>');

  // Visitors reach it from the footer every page shows, by the shell's router.
  await page.goto(`${site.baseUrl}/about`);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Transparency' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Every pound in, every pound out.' })).toBeVisible();
  await expect(page).toHaveTitle(/^Transparency \|/);

  await site.remotes('rollback', 'mf-content', '--reason', 'not yet');
  expect((await request.get(`${site.baseUrl}/transparency`)).status()).toBe(404);
  await page.goto(`${site.baseUrl}/about`);
  await expect(
    page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Transparency' }),
  ).toHaveCount(0);
});

test('the shell is a release too: previewed, activated for the next page load, and rolled back like a remote', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const shellRelease = (await site.remotes('list')).match(/^shell {2}\(configured\)/m);
  expect(shellRelease).not.toBeNull();
  const built = await site.buildShell('2.0.0-teal');
  await site.remotes('publish', 'shell', '--from', built, '--version', '2.0.0-teal', '--reason', 'a new shell');

  // Looked at first in one browser: its pages are composed in the new shell, which says so.
  const link = (await site.remotes('preview', 'shell', '2.0.0-teal')).split('\n')[1]!;
  await page.goto(link);
  const previewBanner = page.getByRole('complementary', { name: 'Release preview' });
  await expect(previewBanner).toContainText('Preview shell 2.0.0-teal. Only this browser sees it');
  await expect(page.getByRole('banner')).toHaveAttribute('data-release', '2.0.0-teal');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const previewed = await page.request.get(`${site.baseUrl}/about`);
  expect(previewed.headers()['site-releases']).toMatch(/^shell@2\.0\.0-teal preview, /);
  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    await visitor.goto(`${site.baseUrl}/about`);
    await expect(visitor.getByRole('banner')).toHaveAttribute('data-release', '0.1.0');
    await expect(visitor.getByRole('complementary', { name: 'Release preview' })).toHaveCount(0);
  } finally {
    await other.close();
  }
  await previewBanner.getByRole('button', { name: 'Leave preview' }).click();
  await expect(previewBanner).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveAttribute('data-release', '0.1.0');

  await site.remotes('activate', 'shell', '2.0.0-teal', '--reason', 'ship the new shell');

  // The next page is composed in the new shell, its code from its release, and works as before.
  const loaded = await page.goto(`${site.baseUrl}/about`);
  expect(await loaded!.text()).toContain('/releases/shell/2.0.0-teal/static/js/');
  await expect(page.getByRole('banner')).toHaveAttribute('data-release', '2.0.0-teal');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leadership' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People who have built things that work.' })).toBeVisible();

  expect(await site.remotes('rollback', 'shell', '--reason', 'back to the built shell')).toContain(
    'shell rolled back from 2.0.0-teal to its configured build',
  );
  await page.goto(`${site.baseUrl}/about`);
  await expect(page.getByRole('banner')).toHaveAttribute('data-release', '0.1.0');
  expect(await site.remotes('history', 'shell')).toMatch(
    /rollback {4}2\.0\.0-teal -> configured {2}by e2e all \(token 1\): back to the built shell/,
  );
});
