import type { BrowserProvider, JsonRpcSigner } from 'ethers';
import { createStore } from 'zustand/vanilla';
import { raiseToast } from '@party/shared-ui';
import { providerErrorCode, UNRECOGNIZED_CHAIN, USER_REJECTED, type Eip1193Provider } from './eip1193';
import { discoverWallets, type DiscoveredWallet } from './wallet-discovery';
import { findNetwork } from '../networks/accepted-networks';

/** Local-storage flag: the string `true` while connected, so the next visit reconnects silently. */
export const CONNECTED_FLAG = 'walletConnected';
/** Which wallet to reconnect to when several are installed. */
const WALLET_ID_KEY = 'walletId';

export interface WalletState {
  /** The wallets the browser offers (EIP-6963, or `window.ethereum`). */
  wallets: DiscoveredWallet[];
  wallet: DiscoveredWallet | null;
  account: string | null;
  chainId: number | null;
  isActive: boolean;
  isLoading: boolean;
  error: Error | null;
  /** ethers' view of the wallet, rebuilt on every chain change so it never holds a stale network. */
  provider: BrowserProvider | null;
  signer: JsonRpcSigner | null;
  startDiscovery: () => () => void;
  connect: (walletId?: string) => Promise<void>;
  reconnect: () => Promise<void>;
  disconnect: () => void;
  switchNetwork: (chainId: number) => Promise<void>;
}

/** `0x1234...abcd` as docs/product.md shows it: the first 6 characters, an ellipsis, the last 4. */
export function shortenAccount(account: string): string {
  return `${account.slice(0, 6)}...${account.slice(-4)}`;
}

const asError = (caught: unknown) => (caught instanceof Error ? caught : new Error(String(caught)));

interface WalletStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  discover?: typeof discoverWallets;
}

export function createWalletStore({ storage, discover = discoverWallets }: WalletStoreOptions = {}) {
  let unsubscribeEvents = () => undefined as void;
  // Read when used: the page's module is also loaded on the server, which has no localStorage.
  const flags = () => storage ?? window.localStorage;

  return createStore<WalletState>()((set, get) => {
    async function ethersFor(wallet: DiscoveredWallet, account: string) {
      const { BrowserProvider } = await import('./ethers-subset');
      const provider = new BrowserProvider(wallet.provider);
      return { provider, signer: await provider.getSigner(account) };
    }

    function reset() {
      unsubscribeEvents();
      flags().removeItem(CONNECTED_FLAG);
      set({
        wallet: null,
        account: null,
        chainId: null,
        isActive: false,
        isLoading: false,
        provider: null,
        signer: null,
      });
    }

    function follow(wallet: DiscoveredWallet) {
      const onAccountsChanged = (accounts: string[]) => {
        const [account] = accounts;
        if (!account) {
          reset();
          raiseToast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
          return;
        }
        set({ account });
        void ethersFor(wallet, account).then((session) => get().account === account && set(session));
      };
      const onChainChanged = (chainIdHex: string) => {
        const chainId = Number(chainIdHex);
        const { account } = get();
        set({ chainId, provider: null, signer: null });
        if (account) void ethersFor(wallet, account).then((session) => get().chainId === chainId && set(session));
      };
      wallet.provider.on?.('accountsChanged', onAccountsChanged);
      wallet.provider.on?.('chainChanged', onChainChanged);
      unsubscribeEvents = () => {
        wallet.provider.removeListener?.('accountsChanged', onAccountsChanged);
        wallet.provider.removeListener?.('chainChanged', onChainChanged);
      };
    }

    async function open(wallet: DiscoveredWallet, method: 'eth_requestAccounts' | 'eth_accounts') {
      const [account] = (await wallet.provider.request({ method })) as string[];
      if (!account) return false;
      const chainId = Number(await wallet.provider.request({ method: 'eth_chainId' }));
      unsubscribeEvents();
      follow(wallet);
      set({
        wallet,
        account,
        chainId,
        isActive: true,
        isLoading: false,
        error: null,
        ...(await ethersFor(wallet, account)),
      });
      flags().setItem(CONNECTED_FLAG, 'true');
      flags().setItem(WALLET_ID_KEY, wallet.id);
      return true;
    }

    return {
      wallets: [],
      wallet: null,
      account: null,
      chainId: null,
      isActive: false,
      isLoading: false,
      error: null,
      provider: null,
      signer: null,

      startDiscovery: () =>
        discover((wallets) => {
          set({ wallets });
          // Fetch ethers while the visitor reads, but only for a visitor who has a wallet to use it.
          if (wallets.length > 0) void import('./ethers-subset');
        }),

      connect: async (walletId) => {
        const { wallets } = get();
        const wallet = wallets.find((candidate) => candidate.id === walletId) ?? wallets[0];
        if (!wallet) {
          raiseToast({
            title: 'No Ethereum Wallet Found',
            description: 'Please install a wallet extension or another Ethereum wallet to make a donation.',
            variant: 'destructive',
          });
          return;
        }
        set({ isLoading: true, error: null });
        try {
          if (!(await open(wallet, 'eth_requestAccounts'))) throw new Error('The wallet returned no account');
          raiseToast({ title: 'Wallet Connected', description: 'Your wallet has been connected successfully.' });
        } catch (caught) {
          set({ isLoading: false, error: asError(caught) });
          if (providerErrorCode(caught) === USER_REJECTED) {
            raiseToast({
              title: 'Connection cancelled',
              description: 'No problem: connect your wallet whenever you are ready.',
            });
            return;
          }
          raiseToast({
            title: 'Connection Failed',
            description: 'Could not connect to your wallet. Please try again.',
            variant: 'destructive',
          });
        }
      },

      // Never prompts: eth_accounts answers only for a site the wallet already trusts.
      reconnect: async () => {
        if (flags().getItem(CONNECTED_FLAG) !== 'true' || get().isActive) return;
        const { wallets } = get();
        const wallet = wallets.find((candidate) => candidate.id === flags().getItem(WALLET_ID_KEY)) ?? wallets[0];
        if (!wallet) return;
        set({ isLoading: true });
        try {
          if (!(await open(wallet, 'eth_accounts'))) reset();
        } catch (caught) {
          reset();
          set({ error: asError(caught) });
        }
      },

      disconnect: () => {
        reset();
        set({ error: null });
        raiseToast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
      },

      switchNetwork: async (chainId) => {
        const { wallet } = get();
        const network = findNetwork(chainId);
        if (!wallet || !network) return;
        const chainIdHex = `0x${chainId.toString(16)}`;
        try {
          await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdHex }] });
        } catch (caught) {
          const code = providerErrorCode(caught);
          if (code === USER_REJECTED) return;
          if (code !== UNRECOGNIZED_CHAIN) {
            raiseToast({
              title: 'Network Not Switched',
              description: `Please switch your wallet to ${network.name} yourself.`,
              variant: 'destructive',
            });
            return;
          }
          await wallet.provider
            .request({
              method: 'wallet_addEthereumChain',
              params: [
                {
                  chainId: chainIdHex,
                  chainName: network.name,
                  nativeCurrency: network.nativeCurrency,
                  rpcUrls: network.walletRpcUrls,
                },
              ],
            })
            .catch((error: unknown) => {
              if (providerErrorCode(error) !== USER_REJECTED) {
                raiseToast({
                  title: 'Network Not Added',
                  description: `Please add ${network.name} to your wallet yourself.`,
                  variant: 'destructive',
                });
              }
            });
        }
      },
    };
  });
}

/** The page's wallet session. */
export const walletStore = createWalletStore();

export type { Eip1193Provider };
