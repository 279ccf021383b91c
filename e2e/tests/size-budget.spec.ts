import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import { builtInRemoteNames } from '@party/shared-contracts';
import type { Page, Response } from '@playwright/test';
import { builtRoutes, samplePath } from '../support/built-routes';
import { expect, test } from '../support/fixtures';

const budgets = JSON.parse(fs.readFileSync(new URL('../size-budgets.json', import.meta.url), 'utf8')) as {
  firstVisitKb: number;
  remotes: Record<string, { entryKb: number; pageKb: number }>;
};

const gzipKb = (body: Buffer) => gzipSync(body).length / 1000;

/** The scripts a first visit to `path` downloads, each with its gzip size in kB, and any that did not arrive as JavaScript. */
async function firstVisitScripts(page: Page, path: string) {
  const scripts = new Map<string, Promise<number>>();
  const wrong: string[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    if (response.status() !== 200 || !/javascript/.test(response.headers()['content-type'] ?? ''))
      wrong.push(`${new URL(response.url()).pathname} ${response.status()} ${response.headers()['content-type']}`);
    scripts.set(response.url(), response.body().then(gzipKb));
  };
  page.on('response', onResponse);
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  // What the first visit downloaded: a script asked for later (a section coming into view) is not
  // part of it, and its body could not be read once the context closes.
  page.off('response', onResponse);
  const sizes = await Promise.all(
    [...scripts].map(async ([url, size]) => [new URL(url).pathname, await size] as const),
  );
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  return { sizes, total, wrong };
}

test('a first visit to any route downloads at most the JS budget (gzip), every script a 200 of JavaScript', async ({
  browser,
}) => {
  const paths = [...new Set([...builtRoutes.map((route) => samplePath(route.path)), '/this/page/does-not-exist'])];
  test.setTimeout(paths.length * 10_000);
  const visits: string[] = [];
  // A browser context of its own per route (nothing cached, as on a first visit), four at a time:
  // each waits for the network to go quiet.
  const measured = new Map<string, Awaited<ReturnType<typeof firstVisitScripts>>>();
  const queue = [...paths];
  const visitor = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const context = await browser.newContext();
      measured.set(path, await firstVisitScripts(await context.newPage(), path));
      await context.close();
    }
  };
  await Promise.all([visitor(), visitor(), visitor(), visitor()]);
  for (const path of paths) {
    const { sizes, total, wrong } = measured.get(path)!;
    visits.push(`${path} ${total.toFixed(1)} kB in ${sizes.length} scripts`);
    expect
      .soft(total, `${path}: ${sizes.map(([script, size]) => `${script} ${size.toFixed(1)}`).join(', ')}`)
      .toBeLessThanOrEqual(budgets.firstVisitKb);
    expect.soft(wrong, path).toEqual([]);
    // ethers (~95 kB) belongs to the donate page alone, and the donate page's code to its own routes.
    if (!path.startsWith('/donate'))
      expect
        .soft(
          sizes.filter(([script]) => script.startsWith('/remotes/mf-donate/')),
          path,
        )
        .toEqual([]);
  }
  test.info().annotations.push({ type: 'first-visit-js', description: visits.join('; ') });
  console.log(`first-visit JavaScript (gzip):\n  ${visits.join('\n  ')}`);
});

test('a first visit to the donation ledger loads none of the donate page’s code, wallet or ethers', async ({
  page,
}) => {
  const { sizes } = await firstVisitScripts(page, '/donate/ledger');
  const manifest = (await (await page.request.get('/remotes/mf-donate/mf-manifest.json')).json()) as Manifest;
  const chunksOf = (name: string) => {
    const { sync, async: lazy = [] } = manifest.exposes.find((exposed) => exposed.name === name)!.assets.js;
    return [...sync, ...lazy];
  };
  const ledgerChunks = new Set(chunksOf('DonationLedger'));
  const donateOnly = chunksOf('Donate').filter((chunk) => !ledgerChunks.has(chunk));
  expect(donateOnly.length).toBeGreaterThan(0);
  expect(sizes.filter(([path]) => donateOnly.some((chunk) => path.endsWith(chunk)))).toEqual([]);
});

interface Manifest {
  metaData: { remoteEntry: { path: string; name: string } };
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async?: string[] } } }>;
}

for (const remote of builtInRemoteNames) {
  test(`${remote} keeps its entry and page chunks within budget`, async ({ request }) => {
    const base = `/remotes/${remote}/`;
    const manifest = (await (await request.get(`${base}mf-manifest.json`)).json()) as Manifest;
    const { entryKb, pageKb } = budgets.remotes[remote] ?? { entryKb: 0, pageKb: 0 };
    const size = async (file: string) => gzipKb(await (await request.get(`${base}${file}`)).body());

    const entry = await size(`${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`);
    expect(entry, `${remote} entry`).toBeLessThanOrEqual(entryKb);

    for (const exposed of manifest.exposes) {
      const chunks = await Promise.all(exposed.assets.js.sync.map(size));
      const page = chunks.reduce((sum, chunk) => sum + chunk, 0);
      expect(page, `${remote} ${exposed.name}`).toBeLessThanOrEqual(pageKb);
    }
  });
}
