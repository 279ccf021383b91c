import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { id, parseEther } from 'ethers';
import { donationNetwork } from '@party/shared-contracts';
import { freePort } from './free-port.js';
import { failIfInjected, startTestProcess } from './test-processes.js';

// Local EVM nodes for the donation tests, the gateway's and the browser's: Hardhat (deterministic
// funded, unlocked accounts; automine), with Polygon's WETH and a price feed installed where the
// donation rules point.

const chainDir = path.join(import.meta.dirname, 'chain');
const require = createRequire(import.meta.url);

/** Hardhat's first deterministic accounts: funded and unlocked on every local node. */
export const LOCAL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
  '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec',
  '0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097',
] as const;
/** The private key of LOCAL_ACCOUNTS[1] (Hardhat's published test key), to sign raw transactions. */
export const SECOND_ACCOUNT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
/** Where the local chains' price feed stands: one ETH in the rules' currency, 8 decimals. */
export const LOCAL_PRICE_FEED = '0x000000000000000000000000000000000000feed';
/** Where the local chains' forwarding contract stands (a contract wallet's internal transfers). */
export const LOCAL_FORWARDER = '0x000000000000000000000000000000000000f0f0';
/** The receiving addresses of the local chains' donation rules. */
export const LOCAL_RECEIVING_ADDRESSES = {
  31337: '0x02e4698646962d363Bacf618C21cB60aece70624',
  137: '0xb215C72fF1EC9f2B40A21a08f825cfCafAC99cd5',
} as const;

export interface LocalChain {
  chainId: number;
  rpcUrl: string;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
  /** Sets the price feed's answer: one ETH in the rules' currency (e.g. 2000 for $2,000), updated now or `secondsAgo`. */
  setPrice(perEth: number, secondsAgo?: number): Promise<void>;
  stop(): void;
}

interface RpcError {
  code: number;
  message: string;
}

/**
 * One JSON-RPC call to a node, on a connection of its own. A kept-alive one fails now and then
 * ("other side closed"): after the event loop was held up (compiling the contracts takes seconds on
 * a busy machine), a call goes out on a socket the node has just closed as idle.
 */
export async function chainRpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const text = await new Promise<string>((resolve, reject) => {
    const call = http.request(
      rpcUrl,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (answer += chunk));
        response.on('end', () => resolve(answer));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
  const body = JSON.parse(text) as { result?: T; error?: RpcError };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

/** `0.05` ETH in wei, exactly. */
export const toWei = (eth: string): bigint => parseEther(eth);

/**
 * The runtime bytecode of the stand-in contracts, compiled with solc-js once per source and kept in
 * the temporary folder (compiling costs seconds).
 */
async function contractCode(): Promise<{ WETH: string; PriceFeed: string; Forwarder: string }> {
  const sources = Object.fromEntries(
    ['WETH.sol', 'PriceFeed.sol', 'Forwarder.sol'].map((file) => [
      file,
      { content: fs.readFileSync(path.join(chainDir, file), 'utf8') },
    ]),
  );
  const key = createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 16);
  const cached = path.join(os.tmpdir(), `party-chain-contracts-${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
  const { default: solc } = await import('solc');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources,
        settings: { outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const runtime = (file: string, name: string) => `0x${output.contracts[file]![name]!.evm.deployedBytecode.object}`;
  const code = {
    WETH: runtime('WETH.sol', 'WETH'),
    PriceFeed: runtime('PriceFeed.sol', 'PriceFeed'),
    Forwarder: runtime('Forwarder.sol', 'Forwarder'),
  };
  fs.writeFileSync(`${cached}.${process.pid}`, JSON.stringify(code));
  fs.renameSync(`${cached}.${process.pid}`, cached);
  return code;
}

const SET_ANSWER = id('setAnswer(int256)').slice(0, 10);
const SET_ROUND = id('setRound(int256,uint256)').slice(0, 10);
const word = (value: bigint) => value.toString(16).padStart(64, '0');
/** `forward(to)`'s call data: a contract's transfer to `to` of what the call sends it. */
export const forwardCall = (to: string) =>
  `${id('forward(address)').slice(0, 10)}${to.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;
const DEPOSIT = id('deposit()').slice(0, 10);

/**
 * Starts a local node with `chainId` and installs the price feed (and, on 137, Polygon's WETH at its
 * real address with 1 WETH in the first account's hands). Ready in a few seconds.
 *
 * Each node has a home folder of its own: Hardhat writes its settings there on first use, and two
 * nodes starting at once on a machine where it never ran read each other's half-written file (one
 * exits with `vars.json: Unexpected end of JSON input`).
 */
export async function startLocalChain(chainId: number, { pricePerEth = 2000 } = {}): Promise<LocalChain> {
  const [port, home] = await Promise.all([
    freePort(),
    fs.promises.mkdtemp(path.join(os.tmpdir(), 'party-chain-home-')),
  ]);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const bootstrap = path.join(path.dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    CHAIN_ID: String(chainId),
    HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
  };
  // Hardhat's folders are under HOME unless these name others.
  for (const name of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME']) delete env[name];
  const child: ChildProcess = startTestProcess(
    `local chain ${chainId}`,
    process.execPath,
    [bootstrap, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', 'hardhat.config.cjs'],
    { cwd: chainDir, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  child.once('exit', () => fs.rmSync(home, { recursive: true, force: true }));
  const rpc = <T>(method: string, params: unknown[] = []) => chainRpc<T>(rpcUrl, method, params);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The local chain ${chainId} exited with ${child.exitCode}`);
    if ((await rpc<string>('eth_chainId').catch(() => null)) === `0x${chainId.toString(16)}`) break;
    if (Date.now() > deadline) throw new Error(`The local chain ${chainId} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  failIfInjected('local-chain');
  const code = await contractCode();
  await rpc('hardhat_setCode', [LOCAL_PRICE_FEED, code.PriceFeed]);
  await rpc('hardhat_setCode', [LOCAL_FORWARDER, code.Forwarder]);
  const setPrice = async (perEth: number, secondsAgo = 0) => {
    const answer = word(BigInt(Math.round(perEth * 1e8)));
    const data =
      secondsAgo === 0
        ? `${SET_ANSWER}${answer}`
        : `${SET_ROUND}${answer}${word(BigInt(Math.floor(Date.now() / 1000) - secondsAgo))}`;
    await rpc('eth_sendTransaction', [{ from: LOCAL_ACCOUNTS[2], to: LOCAL_PRICE_FEED, data }]);
  };
  await setPrice(pricePerEth);
  const network = donationNetwork(chainId);
  if (network?.asset.kind === 'erc20') {
    await rpc('hardhat_setCode', [network.asset.address, code.WETH]);
    await rpc('eth_sendTransaction', [
      { from: LOCAL_ACCOUNTS[0], to: network.asset.address, data: DEPOSIT, value: `0x${toWei('1').toString(16)}` },
    ]);
  }
  return { chainId, rpcUrl, rpc, setPrice, stop: () => child.kill() };
}

/** Donation rules for local chains (accepting; confirmations 1 unless said), as a gateway reads them. */
export function localDonationRules(
  chains: readonly LocalChain[],
  change: Record<string, unknown> = {},
  confirmations: number = 1,
) {
  return {
    profile: 'local-test',
    source: 'Test rules: a $1,000 cap since 2025, a declaration for every donation, names published above $200.',
    accepting: true,
    currency: 'USD',
    declarationThreshold: 0,
    cap: { amount: 1000, period: { kind: 'since', date: '2025-01-01', label: 'the 2026 election' } },
    disclosureThreshold: 200,
    recordsKeptYears: 4,
    declaration: {
      fields: ['fullName', 'email', 'streetAddress', 'city', 'region', 'postalCode', 'occupation', 'employer'],
      affirmations: [
        { id: 'own-funds', text: 'This contribution is made from my own funds.' },
        { id: 'not-foreign-national', text: 'I am not a foreign national.' },
      ],
    },
    regulatorExport: 'fec',
    deadlines: { undeclared: 30, 'no-declaration': 30, 'over-cap': 60, closed: 30 },
    networks: chains.map((chain) => ({
      chainId: chain.chainId,
      receivingAddress: LOCAL_RECEIVING_ADDRESSES[chain.chainId as 31337 | 137] as string,
      rpcUrls: [chain.rpcUrl],
      confirmations,
      priceFeeds: [{ address: LOCAL_PRICE_FEED, heartbeatSeconds: 3600 }],
    })),
    ...change,
  };
}

/** Writes rules to a file in the temporary folder, for `DONATION_RULES`. */
export function writeDonationRules(rules: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'party-donation-rules-')), 'rules.json');
  fs.writeFileSync(file, JSON.stringify(rules, null, 2));
  return file;
}
