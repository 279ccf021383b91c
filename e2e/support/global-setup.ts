import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { staffRoles } from '@party/shared-contracts';
// The chain these tests run is set up where mf-donate's networks point (its receiving addresses, WETH).
import { donationNetworks } from '../../mf-donate/src/features/networks/donation-networks';
import { buildRemote, freePort, repositoryRoot, startGateway, startNode } from './local-processes';
import { startLoopbackMailbox } from './loopback-mailbox';

/** Where the site's gateways deliver contact messages (to the loopback mailbox). */
const PARTY_INBOX = 'inbox@refoundation.example';
import { DONOR, chainRpc, toWei } from './test-wallet';

const CANARY_RELEASE = 'canary';

/** A local EVM node (Hardhat: funded unlocked accounts, automine) with the given chain id. */
function startChain(port: number, chainId: number): Promise<ChildProcess> {
  return startNode(
    'The local chain',
    [path.join(repositoryRoot, 'node_modules/hardhat/internal/cli/bootstrap.js'), 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', 'hardhat.config.cjs'],
    { cwd: path.join(repositoryRoot, 'e2e/chain'), env: { ...process.env, CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' } },
    async () => (await chainRpc<string>(`http://127.0.0.1:${port}`, 'eth_chainId')) === `0x${chainId.toString(16)}`,
  );
}

/**
 * Makes a local node look like Polygon PoS to a donation: a WETH contract (compiled here with
 * solc-js) at the real bridged-WETH address, and 1 WETH in the donor's hands.
 */
async function installPolygonWeth(rpcUrl: string): Promise<void> {
  const polygon = donationNetworks.find((network) => network.chainId === 137);
  if (polygon?.asset.kind !== 'erc20') throw new Error('Polygon donations are expected to travel as an ERC-20');
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: { 'WETH.sol': { content: fs.readFileSync(path.join(repositoryRoot, 'e2e/chain/WETH.sol'), 'utf8') } },
    settings: { outputSelection: { '*': { WETH: ['evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: { 'WETH.sol': { WETH: { evm: { deployedBytecode: { object: string } } } } };
  };
  await chainRpc(rpcUrl, 'hardhat_setCode', [polygon.asset.address, `0x${output.contracts['WETH.sol'].WETH.evm.deployedBytecode.object}`]);
  const DEPOSIT = '0xd0e30db0';
  await chainRpc(rpcUrl, 'eth_sendTransaction', [{ from: DONOR, to: polygon.asset.address, data: DEPOSIT, value: `0x${toWei('1').toString(16)}` }]);
}

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

/**
 * Staff accounts of each role, made with `npm run staff` in the site's database before it starts
 * (the embedded database has one user at a time); their passwords are printed once, kept here.
 */
async function createStaffAccounts(dataDir: string): Promise<Record<string, { email: string; password: string }>> {
  const accounts: Record<string, { email: string; password: string }> = {};
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  delete env.DATABASE_URL;
  for (const role of staffRoles) {
    const email = `${role}@party.example`;
    const { stdout } = await promisify(execFile)(process.execPath, ['api-gateway/dist/cli/staff.js', 'add', '--email', email, '--name', `Staff ${role}`, '--role', role], {
      cwd: repositoryRoot,
      env,
    });
    accounts[role] = { email, password: stdout.trim().split('\n').at(-1)! };
  }
  return accounts;
}

function startSite(port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
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
    ...env,
  });
}

/**
 * Starts, against the production build: the site as `npm start` serves it; a canary build of
 * mf-content on another origin with a second gateway whose registry points at it; and a local
 * chain with a build of mf-donate that accepts it, behind a third gateway.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(repositoryRoot, 'shell/dist/index.html'))) {
    throw new Error('Build the site first: npm run build');
  }
  const canaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-content-canary-'));
  const chainDonateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-donate-local-chain-'));
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-mailbox-'));
  const [smtpPort, sitePort, metricsPort, altPort, canaryPort, chainSitePort, chainDonatePort, chainPort, polygonPort] = await Promise.all([
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

  process.env.E2E_SMTP_PORT = String(smtpPort);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_PARTY_INBOX = PARTY_INBOX;
  const mailbox = await startLoopbackMailbox(mailDir, smtpPort);

  // Each gateway starts as soon as what it needs is there: setting up is much waiting on processes.
  const [site, canary, chain] = await Promise.all([
    (async () => {
      const siteDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-site-db-'));
      process.env.E2E_STAFF = JSON.stringify(await createStaffAccounts(siteDataDir));
      return startSite(sitePort, { METRICS_PORT: String(metricsPort), PGLITE_DATA_DIR: siteDataDir });
    })(),
    (async () => {
      await buildRemote('mf-content', canaryDir, { REMOTE_RELEASE: CANARY_RELEASE });
      const files = await serveStatic(canaryDir, canaryPort);
      return { files, gateway: await startSite(altPort, { REMOTE_ENTRY_MF_CONTENT: `http://127.0.0.1:${canaryPort}/mf-manifest.json` }) };
    })(),
    (async () => {
      const [nodes] = await Promise.all([
        Promise.all([startChain(chainPort, 31337), startChain(polygonPort, 137)]),
        buildRemote('mf-donate', chainDonateDir, { DONATE_LOCAL_CHAIN: 'true' }),
      ]);
      await installPolygonWeth(`http://127.0.0.1:${polygonPort}`);
      const files = await serveStatic(chainDonateDir, chainDonatePort);
      return { nodes, files, gateway: await startSite(chainSitePort, { REMOTE_ENTRY_MF_DONATE: `http://127.0.0.1:${chainDonatePort}/mf-manifest.json` }) };
    })(),
  ]);
  const gateways = [site, canary.gateway, chain.gateway];
  const servers = [canary.files, chain.files];

  process.env.E2E_BASE_URL = `http://127.0.0.1:${sitePort}`;
  process.env.E2E_METRICS_URL = `http://127.0.0.1:${metricsPort}/metrics`;
  process.env.E2E_ALT_BASE_URL = `http://127.0.0.1:${altPort}`;
  process.env.E2E_CANARY_RELEASE = CANARY_RELEASE;
  process.env.E2E_CHAIN_BASE_URL = `http://127.0.0.1:${chainSitePort}`;
  process.env.E2E_CHAIN_RPC_URL = `http://127.0.0.1:${chainPort}`;
  process.env.E2E_POLYGON_RPC_URL = `http://127.0.0.1:${polygonPort}`;

  return async () => {
    for (const child of [...gateways, ...chain.nodes]) child.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    for (const dir of [canaryDir, chainDonateDir, mailDir]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
