import { useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/shallow';
import type { AcceptingDonationTerms } from '@party/shared-contracts';
import { findNetwork } from '../networks/accepted-networks';
import { useWalletStore } from '../wallet/useWalletStore';
import { DeclarationFields } from './DeclarationFields';
import { CUSTOM_DONATION, isValidDonationAmount } from './donation-amount';
import { declarationShown } from './donation-store';
import { donationTiers } from './donation-tiers';
import { useDonationStore } from './useDonationStore';
import styles from './Donate.module.css';

const progress = {
  pledging: 'Checking your donation against our rules…',
  signing: 'Sign your declaration in your wallet: it shows the wallet is yours, and costs nothing…',
  'awaiting-wallet': 'Confirm the donation in your wallet…',
  confirming: 'Sent. Waiting for the network to confirm it…',
} as const;

/** Tiers, the custom amount, the declaration, the receiving address, and Complete Donation with its progress. */
export function DonationForm({ terms }: { terms: AcceptingDonationTerms }) {
  const amountId = useId();
  const connected = useWalletStore((state) => state.isActive);
  const network = findNetwork(
    useWalletStore((state) => state.chainId),
    terms,
  );
  const {
    tierId,
    customMode,
    customAmount,
    phase,
    declarationRequested,
    chooseTier,
    setCustomMode,
    setCustomAmount,
    donate,
  } = useDonationStore(
    useShallow((state) => ({
      tierId: state.tierId,
      customMode: state.customMode,
      customAmount: state.customAmount,
      phase: state.phase,
      declarationRequested: state.declarationRequested,
      chooseTier: state.chooseTier,
      setCustomMode: state.setCustomMode,
      setCustomAmount: state.setCustomAmount,
      donate: state.donate,
    })),
  );
  const processing =
    phase === 'pledging' || phase === 'signing' || phase === 'awaiting-wallet' || phase === 'confirming';
  const locked = !connected || processing;
  const unit = network?.asset.kind === 'erc20' ? `ETH (sent as ${network.asset.symbol})` : 'ETH';

  function submit(event: FormEvent) {
    event.preventDefault();
    void donate();
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="amount-heading" aria-busy={processing}>
      <fieldset className={styles.tiers} disabled={locked}>
        <legend id="amount-heading" className={styles.legend}>
          Choose an amount
        </legend>
        {!connected && <p className={styles.lockedNote}>Connect your wallet to choose an amount.</p>}
        {donationTiers.map((tier) => (
          <label key={tier.id} className={styles.tier}>
            <input
              type="radio"
              name="tier"
              value={tier.id}
              checked={!customMode && tierId === tier.id}
              onChange={() => chooseTier(tier.id)}
            />
            <span className={styles.tierBody}>
              <span className={styles.tierHead}>
                <strong>{tier.name}</strong>
                {tier.popular && <span className={styles.popular}>Most popular</span>}
              </span>
              <span className={styles.tierAmount}>{tier.amountEth} ETH</span>
              <span className={styles.tierText}>{tier.description}</span>
            </span>
          </label>
        ))}
        <label className={styles.customToggle}>
          <input type="checkbox" checked={customMode} onChange={(event) => setCustomMode(event.target.checked)} />
          Enter a custom amount
        </label>
        <div className={styles.customField}>
          <label htmlFor={amountId}>Custom amount (ETH)</label>
          <input
            id={amountId}
            type="number"
            inputMode="decimal"
            min={CUSTOM_DONATION.minEth}
            step={CUSTOM_DONATION.stepEth}
            placeholder="0.1"
            className="text-control"
            value={customAmount}
            disabled={!customMode || locked}
            onChange={(event) => setCustomAmount(event.target.value)}
          />
        </div>
      </fieldset>

      {declarationShown({ declarationRequested }, terms) && <DeclarationFields terms={terms} disabled={locked} />}

      {network && (
        <p className={styles.receiving}>
          Sent in {unit} on {network.name} to our receiving address{' '}
          <code className={styles.fullAddress}>{network.receivingAddress}</code>
        </p>
      )}

      <button
        type="submit"
        className={`button button-primary ${styles.complete}`}
        disabled={processing || (customMode && !isValidDonationAmount(customAmount))}
      >
        {processing ? 'Processing...' : 'Complete Donation'}
      </button>
      <p role="status" className={styles.progress}>
        {processing ? progress[phase] : ''}
      </p>
    </form>
  );
}
