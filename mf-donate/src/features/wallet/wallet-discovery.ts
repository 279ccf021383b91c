import type { Eip1193Provider } from './eip1193';

/** A browser wallet the page can use. */
export interface DiscoveredWallet {
  /** EIP-6963 rdns (e.g. `io.metamask`), or `injected` for a bare `window.ethereum`. */
  id: string;
  name: string;
  /** A data: URI image, per EIP-6963. */
  icon?: string;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

/**
 * Finds the browser's wallets: each EIP-6963 announcement (now and later), and `window.ethereum`
 * when no announced wallet is that same provider. Calls `onChange` with the full list each time it
 * grows; returns a function that stops listening.
 */
export function discoverWallets(onChange: (wallets: DiscoveredWallet[]) => void, target: Window = window): () => void {
  const announced: DiscoveredWallet[] = [];

  const list = (): DiscoveredWallet[] => {
    const injected = (target as Window & { ethereum?: Eip1193Provider }).ethereum;
    const fallback =
      injected && !announced.some((wallet) => wallet.provider === injected)
        ? [{ id: 'injected', name: 'Browser wallet', provider: injected }]
        : [];
    return [...announced, ...fallback];
  };

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    if (!detail?.provider || !detail.info?.rdns) return;
    if (announced.some((wallet) => wallet.id === detail.info.rdns)) return;
    announced.push({ id: detail.info.rdns, name: detail.info.name, icon: detail.info.icon, provider: detail.provider });
    onChange(list());
  };

  target.addEventListener('eip6963:announceProvider', onAnnounce);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  onChange(list());
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce);
}
