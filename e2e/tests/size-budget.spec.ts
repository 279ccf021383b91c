import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import { remoteNames } from '@party/shared-contracts';
import type { Page } from '@playwright/test';
import { expect, expectPage, test } from '../support/fixtures';

const budgets = JSON.parse(fs.readFileSync(new URL('../size-budgets.json', import.meta.url), 'utf8')) as {
  firstVisitKb: number;
  remotes: Record<string, { entryKb: number; pageKb: number }>;
};

const gzipKb = (body: Buffer) => gzipSync(body).length / 1000;

/** The scripts a first visit to `path` downloads, each with its gzip size in kB. */
async function firstVisitScripts(page: Page, path: string, heading: string) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body().then(gzipKb));
  });
  await page.goto(path);
  await expectPage(page, heading);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size] as const));
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  test.info().annotations.push({
    type: 'first-visit-js',
    description: `${total.toFixed(1)} kB gzip in ${sizes.length} scripts: ${sizes.map(([script, size]) => `${script} ${size.toFixed(1)}`).join(', ')}`,
  });
  console.log(`first visit to ${path}: ${total.toFixed(1)} kB of JS (gzip) in ${sizes.length} scripts`);
  return { sizes, total };
}

test('a first visit to / downloads at most the JS budget (gzip)', async ({ page }) => {
  const { sizes, total } = await firstVisitScripts(page, '/', 'Not patching broken systems. Replacing them.');
  expect(total).toBeLessThanOrEqual(budgets.firstVisitKb);
  // ethers (~95 kB) belongs to the donate page alone.
  expect(sizes.filter(([path]) => path.startsWith('/remotes/mf-donate/'))).toEqual([]);
});

test('a first visit to /donate stays within the JS budget (gzip)', async ({ page }) => {
  // No wallet in this browser: the page never fetches ethers, as for most of its visitors.
  const { total } = await firstVisitScripts(page, '/donate', 'Fund the refoundation.');
  expect(total).toBeLessThanOrEqual(budgets.firstVisitKb);
});

test('a first visit to the donation ledger loads none of the donate page’s code, wallet or ethers', async ({ page }) => {
  const { sizes } = await firstVisitScripts(page, '/donate/ledger', 'Our public ledger.');
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

for (const remote of remoteNames) {
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
