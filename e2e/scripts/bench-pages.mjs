// `npm run bench:pages`: the production site measured as a phone meets it. Starts the built
// gateway on a free local port, then per route prints Lighthouse 13 mobile scores (performance,
// accessibility, best practices, SEO) and LCP / TBT / CLS, medians of BENCH_RUNS (default 3), and
// the JavaScript a first visit downloads on /, /news, /contact and /donate, beside the same pages
// built as one React app (one-app-build.mjs) and the ratio of the two.
// Lighthouse 13 needs Node 22: it and the `node@22` binary from npm are installed on first use into
// node_modules/.cache/bench-pages (not project dependencies: the project runs on Node 20).
// BENCH_ROUTES=/,/news limits the routes. BENCH_THROTTLING=devtools applies the phone's network and
// CPU to a real load instead of Lighthouse's default estimate from an unthrottled one (which, on a
// busy machine, counts every preloaded script as delaying the first paint).
// BENCH_BLOCKING=1 prints instead, per route, the main thread's blocking time (TBT) with the page's
// scripts and with every script blocked (`--blocked-url-patterns=*.js`: the document's own cost);
// with BENCH_BASELINE=<dir>[,<dir>…], built checkouts of other releases (git worktrees), beside it,
// the runs of each route alternating between the builds, each in turn first and last. Loopback
// only; every loop is bounded.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildOneApp } from './one-app-build.mjs';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const toolDir = path.join(repositoryRoot, 'node_modules/.cache/bench-pages');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLING = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const ROUTES = (
  process.env.BENCH_ROUTES ??
  '/,/about,/policy,/leadership,/news,/news/budget-transparency-act,/events,/events/town-hall-denver,/manifesto,/get-involved,/privacy,/terms,/careers,/contact,/join,/membership-confirmation,/volunteer,/donate'
).split(',');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function installLighthouse() {
  const cli = path.join(toolDir, 'node_modules/lighthouse/cli/index.js');
  const node = path.join(toolDir, 'node_modules/.bin/node');
  if (!fs.existsSync(cli) || !fs.existsSync(node)) {
    console.log('Installing Lighthouse 13 and Node 22 for the benchmark (once)…');
    fs.mkdirSync(toolDir, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', toolDir, 'lighthouse@13', 'node@22'],
      { stdio: 'ignore' },
    );
  }
  return { cli, node };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startSite(root = repositoryRoot) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'api-gateway/dist/server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The gateway prints "Site ready" once every page has been rendered in advance.
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The site did not start within 90 s')), 90_000);
    child.stdout.on('data', (chunk) => chunk.toString().includes('Site ready') && (clearTimeout(timer), resolve()));
    child.once('exit', (code) => reject(new Error(`The site exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

function lighthouse(tool, url, flags = []) {
  const output = path.join(toolDir, 'report.json');
  execFileSync(
    tool.node,
    [
      tool.cli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--throttling-method=${THROTTLING}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...flags,
    ],
    {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: 'ignore',
      timeout: 180_000,
    },
  );
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  const score = (name) => Math.round(report.categories[name].score * 100);
  const audit = (name) => report.audits[name].numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

/** Lighthouse sometimes ends a run with NO_NAVSTART on this machine: such a run is tried again. */
function lighthouseRun(tool, url, flags) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouse(tool, url, flags);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const JS_ROUTES = ['/', '/news', '/contact', '/donate'];

/** The JavaScript a first visit to each of JS_ROUTES downloads from `url`: kB gzip and brotli, and how many scripts. */
async function firstVisitJs(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.split(' ') });
  const visits = {};
  try {
    for (const route of JS_ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies = [];
      page.on(
        'response',
        (response) =>
          response.request().resourceType() === 'script' && bodies.push(response.body().catch(() => Buffer.alloc(0))),
      );
      await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      const scripts = await Promise.all(bodies);
      const sum = (compress) => scripts.reduce((total, body) => total + compress(body).length, 0) / 1000;
      visits[route] = { gzip: sum(zlib.gzipSync), brotli: sum(zlib.brotliCompressSync), scripts: scripts.length };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return visits;
}

/** A static server for a single-page app's build on a free local port (every path without a file gets index.html). */
async function serveApp(dir) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://app').pathname));
    const found =
      file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    response.writeHead(200, {
      'content-type': found.endsWith('.js') ? 'text/javascript' : found.endsWith('.css') ? 'text/css' : 'text/html',
    });
    fs.createReadStream(found).pipe(response);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** TBT per route, with scripts and with every script blocked, for each site, the sites' runs alternating. */
async function blockingTimes(sites) {
  const modes = [
    ['scripts', []],
    ['no scripts', ['--blocked-url-patterns=*.js']],
  ];
  console.log(
    `Main-thread blocking time (TBT, ms), Lighthouse 13 mobile (${THROTTLING === 'simulate' ? 'simulated' : 'applied'} throttling), medians of ${RUNS} run(s)`,
  );
  const columns = modes.flatMap(([mode]) => sites.map((site) => `${site.name}, ${mode}`));
  console.log(`  ${'route'.padEnd(10)}${columns.map((column) => column.padStart(24)).join('')}`);
  for (const route of ROUTES) {
    const cells = [];
    for (const [, flags] of modes) {
      const runs = sites.map(() => []);
      // Every other round in reverse: a run just after another one pays for its Chrome still exiting.
      for (let run = 0; run < RUNS; run += 1) {
        const order = sites.map((_, index) => index);
        for (const index of run % 2 ? order.reverse() : order)
          runs[index].push(lighthouseRun(tool, `${sites[index].url}${route}`, flags).tbt);
      }
      cells.push(...runs.map((values) => String(Math.round(median(values)))));
    }
    console.log(`  ${route.padEnd(10)}${cells.map((cell) => cell.padStart(24)).join('')}`);
  }
}

const tool = installLighthouse();
const site = await startSite();
if (process.env.BENCH_BLOCKING) {
  const baselines = await Promise.all(
    (process.env.BENCH_BASELINE?.split(',') ?? []).map(async (dir) => ({
      name: path.basename(dir),
      ...(await startSite(path.resolve(dir))),
    })),
  );
  try {
    await blockingTimes([...baselines, { name: 'this build', url: site.url, stop: site.stop }]);
  } finally {
    for (const each of [...baselines, site]) each.stop();
  }
  process.exit(0);
}
try {
  console.log(
    `Lighthouse 13, mobile (Slow 4G, 4× CPU, ${THROTTLING === 'simulate' ? 'simulated' : 'applied'}), medians of ${RUNS} run(s), ${site.url}`,
  );
  console.log(`  ${'route'.padEnd(32)} perf  a11y  b-p  seo    LCP ms  TBT ms    CLS`);
  for (const route of ROUTES) {
    const runs = Array.from({ length: RUNS }, () => lighthouseRun(tool, `${site.url}${route}`));
    const m = (key) => median(runs.map((run) => run[key]));
    console.log(
      `  ${route.padEnd(32)} ${String(m('performance')).padStart(4)} ${String(m('accessibility')).padStart(5)} ${String(m('bestPractices')).padStart(4)} ${String(m('seo')).padStart(4)} ${String(Math.round(m('lcp'))).padStart(9)} ${String(Math.round(m('tbt'))).padStart(7)} ${m('cls').toFixed(3).padStart(6)}`,
    );
  }
  const composed = await firstVisitJs(site.url);
  // The yardstick: the same pages as one React app, without Module Federation.
  const oneApp = await serveApp(buildOneApp(path.join(repositoryRoot, '.e2e-one-app')));
  const single = await firstVisitJs(oneApp.url).finally(() => oneApp.stop());
  console.log('JavaScript of a first visit (composed site; the same pages as one React app; ratio, gzip):');
  for (const route of JS_ROUTES) {
    const [c, o] = [composed[route], single[route]];
    console.log(
      `  ${route.padEnd(9)} ${c.gzip.toFixed(1)} kB gzip, ${c.brotli.toFixed(1)} kB brotli in ${c.scripts} scripts; one app ${o.gzip.toFixed(1)} kB gzip in ${o.scripts}; ${(c.gzip / o.gzip).toFixed(2)}×`,
    );
  }
} finally {
  site.stop();
}
