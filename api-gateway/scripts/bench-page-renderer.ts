// The page renderer's cost, on the site's own server builds (npm run build first): how long a
// renderer takes to start, how long a page takes to render (round trip from the gateway), and how
// much memory its processes hold. Prints medians of `RUNS` renderers. Decision 0044 compares the
// sandboxes with it.
import fs from 'node:fs/promises';
import { startPageRenderer, type RendererBundles } from '../src/delivery/pages/page-renderer.js';
import { builtSiteBundles } from '../src/testing/built-site-bundles.js';
import { createLogger } from '../src/platform/logger.js';

const RUNS = Number(process.env.RUNS ?? 5);
const RENDERS = Number(process.env.RENDERS ?? 40);
const PAGES = ['/', '/about', '/policy', '/events', '/contact', '/donate', '/privacy'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The resident memory of this process's descendants, in MB (the renderer and what wraps it; not esbuild's service). */
async function descendantsRssMb(): Promise<number> {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await fs.readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const parent = /PPid:\s+(\d+)/.exec(status)?.[1];
    if (!parent || /Name:\s+esbuild/.test(status)) continue;
    parents.set(Number(entry), Number(parent));
    rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  }
  const isDescendant = (pid: number): boolean => {
    for (let at = parents.get(pid), hops = 0; at !== undefined && hops < 64; at = parents.get(at), hops += 1)
      if (at === process.pid) return true;
    return false;
  };
  return [...rss].filter(([pid]) => isDescendant(pid)).reduce((sum, [, kb]) => sum + kb, 0) / 1024;
}

const settings: RendererBundles['settings'] = {
  donations: { accepting: false, message: 'We do not accept donations in cryptocurrency.', otherWays: 'Join us.' },
};
const bundles = await builtSiteBundles(settings);

const logger = createLogger({ logLevel: 'silent' });
const starts: number[] = [];
const renders: number[] = [];
const memory: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const renderer = await startPageRenderer(bundles, logger);
  starts.push(performance.now() - started);
  const times: number[] = [];
  for (let round = 0; round < RENDERS; round += 1)
    for (const page of PAGES) {
      const asked = performance.now();
      const rendered = await renderer.render(page, 5000);
      if (!rendered.pageRendered) throw new Error(`${page} was not rendered (${rendered.failure ?? rendered.error})`);
      times.push(performance.now() - asked);
    }
  renders.push(median(times));
  memory.push(await descendantsRssMb());
  renderer.close();
}
console.log(
  `page renderer, medians of ${RUNS} renderers (${RENDERS} × ${PAGES.length} pages each): ` +
    `start ${median(starts).toFixed(0)} ms, render ${median(renders).toFixed(2)} ms a page, ` +
    `memory ${median(memory).toFixed(0)} MB`,
);
