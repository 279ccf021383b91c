import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/shallow';
import { donationLinks, donationNetwork, explorerTxUrl } from '@party/shared-contracts';
import { useDonationStore } from './useDonationStore';
import styles from './Donate.module.css';

const ledgerWords = {
  pending: 'It is in our ledger, waiting for the network to include it in a block.',
  received: 'It is in our ledger, and will be counted once the network has made it final.',
  confirmed: 'It is in our public ledger.',
  dropped: 'The network dropped it: nothing was given.',
} as const;

/** The thank-you view: amount, network, the transaction hash, where to verify it, and the ledger. */
export function ThankYou() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { receipt, startOver } = useDonationStore(
    useShallow((state) => ({ receipt: state.receipt, startOver: state.startOver })),
  );
  useEffect(() => headingRef.current?.focus(), []);
  if (!receipt) return null;
  const network = donationNetwork(receipt.chainId);
  const explorer = explorerTxUrl(receipt.chainId, receipt.hash);

  return (
    <div className={styles.thankYou}>
      <h3 ref={headingRef} tabIndex={-1} className={styles.thankYouHeading}>
        Thank you for your donation
      </h3>
      <p>
        Your {receipt.amountEth} ETH on {network?.name ?? `chain ${receipt.chainId}`} is confirmed.
      </p>
      {receipt.notice && <p className={styles.notice}>{receipt.notice}</p>}
      {receipt.ledgerStatus && (
        <p>
          {ledgerWords[receipt.ledgerStatus]} <Link to={donationLinks.ledgerPage}>See the ledger</Link>
        </p>
      )}
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
