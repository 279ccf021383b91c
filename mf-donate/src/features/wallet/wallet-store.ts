import { createStore } from 'zustand/vanilla';
import { raiseToast } from '@party/shared-contracts';

/** The part of an EIP-1193 provider this store uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface WalletState {
  account: string | null;
  chainId: number | null;
  isActive: boolean;
  isLoading: boolean;
  error: Error | null;
  connect: () => Promise<void>;
  disconnect: () => void;
}

/** EIP-1193: the user rejected the request. Not a failure: nothing to alarm anyone about. */
const USER_REJECTED = 4001;

/** `0x1234…abcd` as the spec shows it: the first 6 characters, an ellipsis, the last 4. */
export function shortenAccount(account: string): string {
  return `${account.slice(0, 6)}...${account.slice(-4)}`;
}

export function createWalletStore(getProvider: () => Eip1193Provider | undefined) {
  return createStore<WalletState>()((set) => ({
    account: null,
    chainId: null,
    isActive: false,
    isLoading: false,
    error: null,
    connect: async () => {
      const provider = getProvider();
      if (!provider) {
        raiseToast({
          title: 'No Ethereum Wallet Found',
          description: 'Please install a wallet extension or another Ethereum wallet to make a donation.',
          variant: 'destructive',
        });
        return;
      }
      set({ isLoading: true, error: null });
      try {
        const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
        const chainId = Number(await provider.request({ method: 'eth_chainId' }));
        const account = accounts[0];
        if (!account) throw new Error('The wallet returned no account');
        set({ account, chainId, isActive: true, isLoading: false });
        raiseToast({ title: 'Wallet Connected', description: 'Your wallet has been connected successfully.' });
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        set({ isLoading: false, error });
        if ((caught as { code?: number }).code === USER_REJECTED) return;
        raiseToast({ title: 'Connection Failed', description: 'Could not connect to your wallet. Please try again.', variant: 'destructive' });
      }
    },
    disconnect: () => {
      set({ account: null, chainId: null, isActive: false, error: null });
      raiseToast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
    },
  }));
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The page's wallet session, against the wallet the browser injects. */
export const walletStore = createWalletStore(() => window.ethereum);
