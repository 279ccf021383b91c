import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/shallow';
import { explorerUrl, findNetwork } from '../networks/enabled-networks';
import { useDonationStore } from './useDonationStore';
import styles from './Donate.module.css';

/** The thank-you view: amount, network, the transaction hash and where to verify it. */
export function ThankYou() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { receipt, startOver } = useDonationStore(useShallow((state) => ({ receipt: state.receipt, startOver: state.startOver })));
  useEffect(() => headingRef.current?.focus(), []);
  if (!receipt) return null;
  const network = findNetwork(receipt.chainId);
  const explorer = explorerUrl(network, receipt.hash);

  return (
    <div className={styles.thankYou}>
      <h3 ref={headingRef} tabIndex={-1} className={styles.thankYouHeading}>
        Thank you for your donation
      </h3>
      <p>
        Your {receipt.amountEth} ETH on {network?.name ?? `chain ${receipt.chainId}`} is confirmed.
      </p>
      <p className={styles.hashLabel}>Transaction hash</p>
      <code className={styles.hash}>{receipt.hash}</code>
      {explorer && (
        <a href={explorer} target="_blank" rel="noopener noreferrer" className={styles.explorer}>
          View it on the block explorer<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <button type="button" className={`button button-primary ${styles.again}`} onClick={startOver}>
        Make Another Donation
      </button>
    </div>
  );
}
