import type { Page } from '@playwright/test';
import { HDNodeWallet, type TypedDataField } from 'ethers';
import { chainRpc, LOCAL_ACCOUNTS } from '../../api-gateway/src/testing/local-chain';

export { chainRpc, LOCAL_ACCOUNTS, toWei } from '../../api-gateway/src/testing/local-chain';

/** Hardhat's first deterministic account: funded and unlocked on the local node. */
export const DONOR = LOCAL_ACCOUNTS[0];

interface RpcError {
  code: number;
  message: string;
}

/**
 * Puts an EIP-1193 wallet into the page, announced by EIP-6963 (and as `window.ethereum`). It
 * keeps its own authorisation (across reloads) and chain, counts its prompts, can reject the next
 * call of a method with 4001, and forwards everything else to the local node of its current chain
 * through the test: the page's CSP stays as strict as it ships. `rpcUrls` are the chains it knows.
 */
export async function installTestWallet(
  page: Page,
  { rpcUrls, chainId = 31337 }: { rpcUrls: Record<number, string>; chainId?: number },
) {
  await page.exposeFunction(TEST_WALLET_RPC, testWalletRpc(rpcUrls));
  await page.addInitScript(testWallet, testWalletOptions(rpcUrls, chainId));
}

/** The name under which the page reaches the test's side of the wallet (testWalletRpc). */
export const TEST_WALLET_RPC = '__testWalletRpc';

/** Hardhat's published test mnemonic: the local nodes' funded accounts are its first keys. */
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * Signs EIP-712 typed data with the key of one of the local accounts, as a wallet does: on the
 * device, with no node asked (a wallet whose network is down still signs).
 */
function signTypedData(account: string, json: string): Promise<string> {
  const index = LOCAL_ACCOUNTS.findIndex((each) => each.toLowerCase() === account.toLowerCase());
  if (index < 0) throw Object.assign(new Error(`The test wallet holds no key for ${account}.`), { code: 4100 });
  const { domain, types, message } = JSON.parse(json) as {
    domain: Record<string, unknown>;
    types: Record<string, TypedDataField[]>;
    message: Record<string, unknown>;
  };
  // ethers derives the domain's type itself, and refuses it among the others.
  const fields = Object.fromEntries(Object.entries(types).filter(([name]) => name !== 'EIP712Domain'));
  return HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).signTypedData(
    domain,
    fields,
    message,
  );
}

/** The test's side of the wallet: typed data signed with the account's key, any other call forwarded to the node of its chain, answered as EIP-1193 does. */
export function testWalletRpc(rpcUrls: Record<number, string>) {
  return async (chain: number, method: string, params: unknown[]) => {
    if (method === 'eth_signTypedData_v4') {
      try {
        return { result: await signTypedData(params[0] as string, params[1] as string) };
      } catch (error) {
        return { error: { code: (error as RpcError).code ?? -32603, message: (error as Error).message } };
      }
    }
    const rpcUrl = rpcUrls[chain];
    if (!rpcUrl) return { error: { code: 4901, message: `The test wallet has no node for chain ${chain}.` } };
    try {
      return { result: await chainRpc(rpcUrl, method, params) };
    } catch (error) {
      return { error: { code: (error as RpcError).code ?? -32603, message: (error as Error).message } };
    }
  };
}

export const testWalletOptions = (rpcUrls: Record<number, string>, chainId = 31337, account: string = DONOR) => ({
  account,
  startChainId: chainId,
  chains: Object.keys(rpcUrls).map(Number),
});

/** The page's side of the wallet, run before the page's scripts (any driver's init script). */
export function testWallet({ account, startChainId, chains }: ReturnType<typeof testWalletOptions>) {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const rejections = new Set<string>();
  // A call held until the test lets it through: a prompt the donor is still reading.
  const holds = new Set<string>();
  const held = new Map<string, { params: unknown[]; release: () => void }>();
  const knownChains = new Set(chains);
  const state = {
    chainId: Number(sessionStorage.getItem('testWallet.chainId') ?? startChainId),
    prompts: 0,
  };
  const authorised = () => localStorage.getItem('testWallet.authorised') === 'true';
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
  const forward = window as unknown as {
    __testWalletRpc: (
      chain: number,
      method: string,
      params: unknown[],
    ) => Promise<{ result?: unknown; error?: RpcError }>;
  };

  const provider = {
    async request({ method, params = [] }: { method: string; params?: unknown[] }) {
      if (holds.delete(method)) await new Promise<void>((release) => held.set(method, { params, release }));
      held.delete(method);
      if (rejections.delete(method)) throw fail(4001, 'User rejected the request.');
      switch (method) {
        case 'eth_requestAccounts':
          state.prompts += 1;
          localStorage.setItem('testWallet.authorised', 'true');
          return [account];
        case 'eth_accounts':
          return authorised() ? [account] : [];
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`;
        case 'net_version':
          return String(state.chainId);
        case 'wallet_switchEthereumChain': {
          const chainId = Number((params[0] as { chainId: string }).chainId);
          if (!knownChains.has(chainId)) throw fail(4902, 'Unrecognized chain ID.');
          state.chainId = chainId;
          sessionStorage.setItem('testWallet.chainId', String(chainId));
          emit('chainChanged', `0x${chainId.toString(16)}`);
          return null;
        }
        default: {
          const { result, error } = await forward.__testWalletRpc(state.chainId, method, params as unknown[]);
          if (error) throw fail(error.code, error.message);
          return result;
        }
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };

  Object.assign(window, {
    ethereum: provider,
    __testWallet: {
      rejectNext: (method: string) => rejections.add(method),
      holdNext: (method: string) => holds.add(method),
      /** The params of the held call of `method`, once it is asked; null before. */
      held: (method: string) => held.get(method)?.params ?? null,
      release: (method: string) => held.get(method)?.release(),
      prompts: () => state.prompts,
    },
  });
  const info = {
    uuid: 'e2e-test-wallet',
    name: 'Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    rdns: 'org.example.testwallet',
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** Rejects the wallet's next call of `method` with EIP-1193 code 4001, as a donor pressing Reject. */
export async function rejectNext(page: Page, method: string) {
  await page.evaluate(
    (name) =>
      (window as unknown as { __testWallet: { rejectNext: (m: string) => void } }).__testWallet.rejectNext(name),
    method,
  );
}

interface TestWalletControls {
  holdNext(method: string): void;
  held(method: string): unknown[] | null;
  release(method: string): void;
}
const controls = (page: Page) => (name: keyof TestWalletControls, method: string) =>
  page.evaluate(
    ([call, argument]) =>
      (window as unknown as { __testWallet: Record<string, (m: string) => unknown> }).__testWallet[call]!(argument),
    [name, method] as const,
  );

/** Holds the wallet's next call of `method` as a prompt the donor has not answered yet: its params, and a release. */
export async function holdNext(page: Page, method: string) {
  await controls(page)('holdNext', method);
  return {
    /** The held call's params, once the page has asked. */
    params: async () => {
      await page.waitForFunction(
        (name) => (window as unknown as { __testWallet: TestWalletControls }).__testWallet.held(name) !== null,
        method,
      );
      return (await controls(page)('held', method)) as unknown[];
    },
    release: () => controls(page)('release', method),
  };
}

export async function walletPrompts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __testWallet: { prompts: () => number } }).__testWallet.prompts());
}
