import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { donationNetworks } from '@party/shared-contracts';
import { DONOR, chainRpc, toWei } from './test-wallet';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const CANARY_RELEASE = 'canary';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** Another federation build of a remote, in a folder of its own. */
async function buildRemote(remote: string, outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const rsbuild = path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js');
  await run(process.execPath, [rsbuild, 'build', '--environment', 'federation'], {
    cwd: path.join(repositoryRoot, remote),
    env: { ...process.env, ...env, REMOTE_DIST_DIR: outDir },
  });
}

/**
 * A local EVM node (Hardhat: chain 31337, funded unlocked accounts, automine), spawned with this
 * Node so that stopping it stops it.
 */
async function startChain(port: number, chainId: number): Promise<ChildProcess> {
  const chain = spawn(
    process.execPath,
    [path.join(repositoryRoot, 'node_modules/hardhat/internal/cli/bootstrap.js'), 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', 'hardhat.config.cjs'],
    {
      cwd: path.join(repositoryRoot, 'e2e/chain'),
      env: { ...process.env, CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const rpc = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (chain.exitCode !== null) throw new Error(`The local chain exited with ${chain.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}`, rpc).then((r) => r.ok, () => false)) return chain;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  chain.kill();
  throw new Error('The local chain did not start within 30 s');
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

async function startGateway(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // The site as `npm start` runs it: on the embedded database and the in-memory rate limit, whatever
  // DATABASE_URL and REDIS_URL say. Every test posts from 127.0.0.1, hence the generous limit.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const gateway = spawn(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/server.js')], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn', FORM_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null) throw new Error(`The gateway exited with ${gateway.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return gateway;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  gateway.kill();
  throw new Error('The gateway did not become healthy within 30 s');
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
  const [sitePort, altPort, canaryPort, chainSitePort, chainDonatePort, chainPort, polygonPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);

  await buildRemote('mf-content', canaryDir, { REMOTE_RELEASE: CANARY_RELEASE });
  await buildRemote('mf-donate', chainDonateDir, { DONATE_LOCAL_CHAIN: 'true' });
  const servers = [await serveStatic(canaryDir, canaryPort), await serveStatic(chainDonateDir, chainDonatePort)];
  const chains = await Promise.all([startChain(chainPort, 31337), startChain(polygonPort, 137)]);
  await installPolygonWeth(`http://127.0.0.1:${polygonPort}`);
  const gateways = await Promise.all([
    startGateway(sitePort, {}),
    startGateway(altPort, { REMOTE_ENTRY_MF_CONTENT: `http://127.0.0.1:${canaryPort}/mf-manifest.json` }),
    startGateway(chainSitePort, { REMOTE_ENTRY_MF_DONATE: `http://127.0.0.1:${chainDonatePort}/mf-manifest.json` }),
  ]);

  process.env.E2E_BASE_URL = `http://127.0.0.1:${sitePort}`;
  process.env.E2E_ALT_BASE_URL = `http://127.0.0.1:${altPort}`;
  process.env.E2E_CANARY_RELEASE = CANARY_RELEASE;
  process.env.E2E_CHAIN_BASE_URL = `http://127.0.0.1:${chainSitePort}`;
  process.env.E2E_CHAIN_RPC_URL = `http://127.0.0.1:${chainPort}`;
  process.env.E2E_POLYGON_RPC_URL = `http://127.0.0.1:${polygonPort}`;

  return async () => {
    for (const child of [...gateways, ...chains]) child.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    for (const dir of [canaryDir, chainDonateDir]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
