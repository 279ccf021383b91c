import { shortenAccount } from './wallet-store';
import { useWalletStore } from './useWalletStore';
import styles from './WalletConnect.module.css';

/** Connect/disconnect control; shows the shortened account once connected. */
export function WalletConnect() {
  const account = useWalletStore((state) => state.account);
  const isLoading = useWalletStore((state) => state.isLoading);
  const connect = useWalletStore((state) => state.connect);
  const disconnect = useWalletStore((state) => state.disconnect);

  if (account) {
    return (
      <div className={styles.connected}>
        <span className={styles.account}>
          <span className={styles.dot} aria-hidden="true" />
          Connected: <span className={styles.address}>{shortenAccount(account)}</span>
        </span>
        <button type="button" className={styles.secondary} onClick={disconnect}>
          Disconnect
        </button>
      </div>
    );
  }

  return (
    <button type="button" className={styles.primary} onClick={() => void connect()} disabled={isLoading}>
      {isLoading ? 'Connecting...' : 'Connect Wallet'}
    </button>
  );
}
