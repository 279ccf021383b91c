import { useEffect, useState } from 'react';
import { donationLinks, type PublicDonationLedger } from '@party/shared-contracts';

export type LedgerLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; ledger: PublicDonationLedger };

/** The public ledger, read from the gateway when the page is shown (it changes with every donation). */
export function useDonationLedger(): LedgerLoad {
  const [load, setLoad] = useState<LedgerLoad>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(donationLinks.ledger, { credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The ledger answered ${response.status}`);
        setLoad({ state: 'loaded', ledger: (await response.json()) as PublicDonationLedger });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return load;
}
