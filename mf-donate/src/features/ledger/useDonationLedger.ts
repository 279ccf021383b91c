import { useEffect, useState } from 'react';
import { donationLinks, type PublicDonationLedger } from '@party/shared-contracts';
import { pageData } from '@party/shared-ui';

export type LedgerLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; ledger: PublicDonationLedger };

/**
 * The public ledger: as the gateway rendered the page with it, or (when the visitor came from
 * another page of the site) read from the gateway when the page is shown.
 */
export function useDonationLedger(): LedgerLoad {
  const [load, setLoad] = useState<LedgerLoad>(() => {
    const rendered = pageData()?.donationLedger;
    return rendered ? { state: 'loaded', ledger: rendered } : { state: 'loading' };
  });
  const needed = load.state === 'loading';
  useEffect(() => {
    if (!needed) return;
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
  }, [needed]);
  return load;
}
