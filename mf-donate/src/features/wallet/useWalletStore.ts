import { useStore } from 'zustand';
import { walletStore } from './wallet-store';

type WalletState = ReturnType<typeof walletStore.getState>;

export function useWalletStore<T>(selector: (state: WalletState) => T): T {
  return useStore(walletStore, selector);
}
