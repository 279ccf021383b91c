import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, test } from '../support/fixtures';
import { buildNoticeboard, noticeboard } from '../support/new-team-remote';
import { startReleaseSite } from '../support/release-site';

// A fourth team joins the running site (issue 64, decision 0048): an operator adds its remote to
// the registry, the team ships it with its own token, and the site serves it, server-rendered and
// hydrated, linked from the header, previewed, canaried and rolled back; no other package is built
// again and the gateway never restarts.
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof startReleaseSite>>;
let builds: { one: string; two: string };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startReleaseSite({ kind: 'pglite' });
  const [one, two] = await Promise.all([buildNoticeboard('one'), buildNoticeboard('two')]);
  builds = { one, two };
});
test.afterAll(async () => {
  await site?.stop();
  for (const dir of Object.values(builds ?? {})) fs.rmSync(dir, { recursive: true, force: true });
});

/** The element of its page that names the release that served it (PageFrame's). */
const releaseOn = (page: Page) => page.locator(`main [data-remote="${noticeboard.name}"] article[data-release]`);

/** A new visitor (a browser of their own) and the release of the noticeboard they are served. */
async function newVisitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}${noticeboard.path}`);
  await expectPage(page, 'Noticeboard');
  return { context, page, release: await releaseOn(page).getAttribute('data-release') };
}

test('a new remote joins the running site: served, linked, hydrated, previewed, canaried and rolled back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const header = page.getByRole('navigation', { name: 'Main' });
  const pageAt = (path: string) => page.request.get(`${site.baseUrl}${path}`);
  expect((await pageAt(noticeboard.path)).status()).toBe(404);

  // The operator adds it: prefixes that overlap another remote's or the gateway's are refused.
  await expect(
    site.remotes('add', noticeboard.name, '--prefix', '/donate/notes', '--team', 'Volunteers', '--reason', 'x'),
  ).rejects.toThrow('Refused: /donate/notes overlaps /donate, a prefix of mf-donate.');
  const added = await site.remotes(
    'add',
    noticeboard.name,
    '--prefix',
    noticeboard.path,
    '--link',
    'header',
    '--team',
    'Volunteers team',
    '--reason',
    'a fourth team joins',
  );
  expect(added).toContain(`${noticeboard.name} is a remote of the site: its pages live under ${noticeboard.path}`);
  const teamToken = added.trim().split('\n').at(-1)!;
  const team = (...args: string[]) => site.remotesWithToken(teamToken, ...args);
  // Nothing of it is served before a release is active.
  expect((await pageAt(noticeboard.path)).status()).toBe(404);

  // Its team ships it with its own token; the running gateway serves it from its next registry read.
  await team('publish', noticeboard.name, '--from', builds.one, '--version', '1.0.0', '--reason', 'first notes');
  await team('activate', noticeboard.name, '1.0.0', '--reason', 'open the noticeboard');
  // Server-rendered, once the renderer of the new registry has started: its text is in the HTML.
  await expect
    .poll(async () => (await pageAt(noticeboard.path)).text(), { timeout: 30_000 })
    .toContain('<h1 class="page-hero-heading">Noticeboard</h1>');
  const served = await pageAt(noticeboard.path);
  expect(served.headers()['site-releases']).toContain(`${noticeboard.name}@1.0.0`);
  expect(await served.text()).toContain('<p role="status">Notes pinned: <!-- -->0</p>');

  // Linked from the header of every page, by its route; reached by the shell's own navigation.
  await page.goto(`${site.baseUrl}/about`);
  await expectPage(page, 'A movement built on evidence, not slogans.');
  await header.getByRole('link', { name: noticeboard.navLabel }).click();
  await expectPage(page, 'Noticeboard');
  await expect(page).toHaveURL(`${site.baseUrl}${noticeboard.path}`);
  // Hydrated: its button works.
  await page.getByRole('button', { name: 'Pin a note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notes pinned' })).toHaveText('Notes pinned: 1');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Its team previews its next release in a browser of its own before anyone else sees it.
  await team('publish', noticeboard.name, '--from', builds.two, '--version', '2.0.0', '--reason', 'more notes');
  const link = (await team('preview', noticeboard.name, '2.0.0')).split('\n')[1]!;
  const previewer = await browser.newContext();
  try {
    const previewing = await previewer.newPage();
    await previewing.goto(link);
    await expect(previewing.getByRole('complementary', { name: 'Release preview' })).toContainText(
      `Preview ${noticeboard.name} 2.0.0`,
    );
    await previewing.goto(`${site.baseUrl}${noticeboard.path}`);
    await expectPage(previewing, 'Noticeboard');
    await expect(releaseOn(previewing)).toHaveAttribute('data-release', 'two');
    await page.reload();
    await expect(releaseOn(page)).toHaveAttribute('data-release', 'one');
  } finally {
    await previewer.close();
  }

  // A canary of it for half of the visitors, each kept on their side.
  expect(await team('activate', noticeboard.name, '2.0.0', '--canary', '50', '--reason', 'try it on half')).toContain(
    'is a canary for 50% of visitors',
  );
  const visitors: Array<Awaited<ReturnType<typeof newVisitor>>> = [];
  try {
    for (let tries = 0; tries < 40 && !['one', 'two'].every((r) => visitors.some((v) => v.release === r)); tries++)
      visitors.push(await newVisitor(browser));
    const canaryVisitor = visitors.find((visitor) => visitor.release === 'two');
    expect(canaryVisitor, 'a visitor of the canary within 40 new visitors').toBeDefined();
    expect(visitors.some((visitor) => visitor.release === 'one')).toBe(true);
    await canaryVisitor!.page.reload();
    await expect(releaseOn(canaryVisitor!.page)).toHaveAttribute('data-release', 'two');

    // Rolled back: the canary ends, its visitors are back on the active release.
    expect(await team('rollback', noticeboard.name, '--reason', 'a note overlaps the footer')).toContain(
      'canary 2.0.0 ended',
    );
    await expect
      .poll(
        async () => {
          await canaryVisitor!.page.reload();
          return releaseOn(canaryVisitor!.page).getAttribute('data-release');
        },
        { timeout: 30_000 },
      )
      .toBe('one');
  } finally {
    await Promise.all(visitors.map((visitor) => visitor.context.close()));
  }

  // Rolled back past its first release, nothing of it is served; then it can leave the site.
  expect(await team('rollback', noticeboard.name, '--reason', 'close the noticeboard')).toContain(
    'rolled back from 1.0.0 to nothing (its pages are not served)',
  );
  await expect.poll(async () => (await pageAt(noticeboard.path)).status(), { timeout: 30_000 }).toBe(404);
  await page.goto(`${site.baseUrl}/about`);
  await expectPage(page, 'A movement built on evidence, not slogans.');
  await expect(header.getByRole('link', { name: noticeboard.navLabel })).toHaveCount(0);
  expect(await site.remotes('remove', noticeboard.name, '--reason', 'the pilot ended')).toContain(
    `${noticeboard.name} is no longer a remote of the site; 1 token of its team revoked.`,
  );
  await expect(team('list')).rejects.toThrow(/That token is unknown or revoked/);
});
