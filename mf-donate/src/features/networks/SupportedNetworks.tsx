import cards from '../../ui/CardGrid.module.css';
import type { AcceptedNetwork } from './accepted-networks';
import styles from './SupportedNetworks.module.css';

/** Where donations are accepted, what is sent there, and where they arrive. */
export function SupportedNetworks({ networks }: { networks: readonly AcceptedNetwork[] }) {
  return (
    <ul className={`${cards.grid} ${cards.outlined}`}>
      {networks.map((network) => (
        <li key={network.chainId}>
          <h3>{network.name}</h3>
          <p>
            {network.asset.kind === 'native'
              ? 'ETH, the network’s own coin'
              : `ETH as ${network.asset.symbol} (the native coin there is ${network.nativeCurrency.symbol})`}
          </p>
          <p className={styles.address}>
            Receiving address: <code>{network.receivingAddress}</code>
          </p>
        </li>
      ))}
    </ul>
  );
}
