import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// The donation tests' chains and rules: the gateway's own test chains, with its price feed and WETH.
import { localDonationRules, startLocalChain, writeDonationRules } from '../../api-gateway/src/testing/local-chain';
import { stopTestProcesses } from '../../api-gateway/src/testing/test-processes';
import { freePort, labelledBuild, repositoryRoot, startGateway } from './local-processes';
import { startLoopbackMailbox } from './loopback-mailbox';
import { createSampleEvent } from './test-events';
import { buildParticipation, createSampleConsultation, joinParticipation } from './participation';
import { startTlsProxy } from './tls-proxy';

/** Where the site's gateways deliver contact messages (to the loopback mailbox). */
const PARTY_INBOX = 'inbox@refoundation.example';

const CANARY_RELEASE = 'canary';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

/** A plain static file server on another origin, as a CDN would serve a remote. */
function serveStatic(root: string, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const file = path.join(root, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function startSite(port: number, env: NodeJS.ProcessEnv = {}) {
  // The site as `npm start` runs it: on the embedded database and the in-memory rate limit, whatever
  // DATABASE_URL and REDIS_URL say. Every test posts from 127.0.0.1, hence the generous limit; two
  // browsers at once load this machine, hence a render budget that a page never misses here.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  return startGateway(port, {
    ...inherited,
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000',
    PAGE_RENDER_BUDGET_MS: '2000',
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    PARTY_INBOX: PARTY_INBOX,
    OUTBOX_POLL_MS: '200',
    // Only the gateway on the local chains follows a chain: the others' rules name public networks.
    DONATION_WORKER: 'false',
    ...env,
  });
}

/** The values of promises that all kept them; the first reason otherwise. */
function settled<T extends readonly unknown[]>(results: { [K in keyof T]: PromiseSettledResult<T[K]> }): T {
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Starts, against the production build: the site as `npm start` serves it; a canary build of
 * mf-content on another origin with a second gateway whose registry points at it; and two local
 * chains (31337, and 137 standing in for Polygon) behind a third gateway whose donation rules
 * accept them.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(repositoryRoot, 'shell/dist/index.html'))) {
    throw new Error('Build the site first: npm run build');
  }
  // The builds of remotes the tests make, each once per run (labelledBuild).
  const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'party-e2e-builds-'));
  process.env.E2E_BUILDS = builds;
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-mailbox-'));
  const [smtpPort, sitePort, metricsPort, altPort, canaryPort, chainSitePort, tlsPort, firefoxPort, webkitPort] =
    await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
  const gatedPorts = [firefoxPort, webkitPort];
  // The site is also served over TLS (tls-proxy.ts), and for each other engine over TLS with its
  // scripts held at a test's word: its pages post from those origins too.
  const tlsOrigin = `https://127.0.0.1:${tlsPort}`;
  const gatedOrigins = gatedPorts.map((port) => `https://127.0.0.1:${port}`);

  process.env.E2E_SMTP_PORT = String(smtpPort);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_PARTY_INBOX = PARTY_INBOX;
  const mailbox = await startLoopbackMailbox(mailDir, smtpPort);
  const servers: Array<{ close(done: () => void): unknown }> = [mailbox];
  const scratch = [builds, mailDir];
  /** Everything started so far: on a setup that failed halfway as at the end of the run. */
  const stopAll = async () => {
    await stopTestProcesses();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Each gateway starts as soon as what it needs is there: setting up is much waiting on processes.
    // Settled, not raced: a start that fails leaves the others to finish, then everything is stopped.
    const [, , chain] = settled(
      await Promise.allSettled([
        (async () => {
          // Staff accounts are made by the tests, through the site's control socket beside this folder.
          const siteDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-site-db-'));
          scratch.push(siteDataDir);
          process.env.E2E_SITE_DATA_DIR = siteDataDir;
          // mf-participation joins the running site through the registry, as a new team's remote does.
          const [participation] = await Promise.all([
            buildParticipation(builds),
            startSite(sitePort, {
              METRICS_PORT: String(metricsPort),
              PGLITE_DATA_DIR: siteDataDir,
              ALLOWED_ORIGINS: [tlsOrigin, ...gatedOrigins].join(','),
            }),
          ]);
          await joinParticipation(`http://127.0.0.1:${sitePort}`, siteDataDir, participation);
        })(),
        (async () => {
          const canaryDir = await labelledBuild('mf-content', CANARY_RELEASE);
          servers.push(await serveStatic(canaryDir, canaryPort));
          return startSite(altPort, { REMOTE_ENTRY_MF_CONTENT: `http://127.0.0.1:${canaryPort}/mf-manifest.json` });
        })(),
        (async () => {
          // The site under donation rules that accept the two local chains, priced at $2,000 an ETH, with
          // a cap of $5,000 that the donation tests together stay under.
          const chainDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-chain-site-db-'));
          scratch.push(chainDataDir);
          const nodes = await Promise.all([startLocalChain(31337), startLocalChain(137)]);
          process.env.E2E_CHAIN_DATA_DIR = chainDataDir;
          const rules = writeDonationRules(
            localDonationRules(nodes, {
              cap: { amount: 5000, period: { kind: 'since', date: '2025-01-01', label: 'the 2026 election' } },
            }),
          );
          scratch.push(path.dirname(rules));
          await startSite(chainSitePort, {
            DONATION_RULES: rules,
            DONATION_WORKER: 'true',
            DONATION_CHECK_MS: '200',
            PGLITE_DATA_DIR: chainDataDir,
          });
          return { nodes, rules };
        })(),
      ]),
    );
    servers.push(
      await startTlsProxy(tlsPort, sitePort),
      ...(await Promise.all(gatedPorts.map((port) => startTlsProxy(port, sitePort, { scriptGate: true })))),
    );

    process.env.E2E_BASE_URL = `http://127.0.0.1:${sitePort}`;
    process.env.E2E_TLS_BASE_URL = tlsOrigin;
    [process.env.E2E_GATED_URL_FIREFOX, process.env.E2E_GATED_URL_WEBKIT] = gatedOrigins;
    process.env.E2E_METRICS_URL = `http://127.0.0.1:${metricsPort}/metrics`;
    process.env.E2E_ALT_BASE_URL = `http://127.0.0.1:${altPort}`;
    process.env.E2E_CANARY_RELEASE = CANARY_RELEASE;
    process.env.E2E_CHAIN_BASE_URL = `http://127.0.0.1:${chainSitePort}`;
    process.env.E2E_CHAIN_RPC_URL = chain.nodes[0].rpcUrl;
    process.env.E2E_POLYGON_RPC_URL = chain.nodes[1].rpcUrl;
    process.env.E2E_DONATION_RULES = chain.rules;
    process.env.E2E_SAMPLE_EVENT_DATE = await createSampleEvent();
    await createSampleConsultation();

    return stopAll;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
