import { useEffect } from 'react';
import { useStore } from 'zustand';
import { walletStore, type WalletState } from './wallet-store';

export function useWalletStore<T>(selector: (state: WalletState) => T): T {
  return useStore(walletStore, selector);
}

/** While the page is shown: find the browser's wallets, and reconnect silently if the flag says so. */
export function useWalletSession() {
  useEffect(() => {
    const stop = walletStore.getState().startDiscovery();
    void walletStore.getState().reconnect();
    return stop;
  }, []);
}
