import { useShallow } from 'zustand/shallow';
import { acceptedNetworks, findNetwork, networkNames } from '../networks/accepted-networks';
import { useDonationTerms } from '../networks/useDonationTerms';
import { useWalletStore } from './useWalletStore';
import { shortenAccount } from './wallet-store';
import styles from './WalletPanel.module.css';

/** Connect and disconnect, the account and network, and a way onto a supported network. */
export function WalletPanel() {
  const { wallets, account, chainId, isLoading, connect, disconnect, switchNetwork } = useWalletStore(
    useShallow((state) => ({
      wallets: state.wallets,
      account: state.account,
      chainId: state.chainId,
      isLoading: state.isLoading,
      connect: state.connect,
      disconnect: state.disconnect,
      switchNetwork: state.switchNetwork,
    })),
  );

  const { terms } = useDonationTerms();
  if (account) {
    const network = findNetwork(chainId, terms);
    const networks = acceptedNetworks(terms);
    return (
      <div className={styles.panel}>
        <p className={styles.status}>
          <span className={styles.dot} aria-hidden="true" />
          Connected:{' '}
          <span className={styles.address} title={account}>
            {shortenAccount(account)}
          </span>
        </p>
        <p className={styles.network}>
          Network: <strong>{network?.name ?? `unsupported (chain ${chainId})`}</strong>
        </p>
        {!network && (
          <div className={styles.switch} role="group" aria-label="Switch network">
            <p>Donations go through {networkNames(networks)}. Switch your wallet to one of them:</p>
            {networks.map((candidate) => (
              <button
                key={candidate.chainId}
                type="button"
                className="button button-outline"
                onClick={() => void switchNetwork(candidate.chainId)}
              >
                Switch to {candidate.name}
              </button>
            ))}
          </div>
        )}
        <button type="button" className="button button-outline" onClick={disconnect}>
          Disconnect
        </button>
      </div>
    );
  }

  if (wallets.length > 1) {
    return (
      <div className={styles.panel} role="group" aria-label="Choose a wallet">
        <p className={styles.status}>Choose the wallet to donate from:</p>
        <div className={styles.choices}>
          {wallets.map((wallet) => (
            <button
              key={wallet.id}
              type="button"
              className="button button-primary"
              disabled={isLoading}
              aria-busy={isLoading}
              onClick={() => void connect(wallet.id)}
            >
              {wallet.icon && <img src={wallet.icon} alt="" width={24} height={24} />}
              Connect {wallet.name}
            </button>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <button
        type="button"
        className="button button-primary"
        disabled={isLoading}
        aria-busy={isLoading}
        onClick={() => void connect()}
      >
        {isLoading ? 'Connecting...' : 'Connect Wallet'}
      </button>
      {wallets.length === 0 && (
        <p className={styles.hint}>
          No browser wallet found. Install a wallet extension such as MetaMask, Rabby or Coinbase Wallet, then reload
          this page.
        </p>
      )}
    </div>
  );
}
