import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { DonationTerms } from '@party/shared-contracts';
import { siteSettings } from '@party/shared-ui';
import { fetchedTermsStore, loadDonationTerms } from './accepted-networks';

/** The donation terms for a component; asks the gateway once where the page's HTML had none. */
export function useDonationTerms(): { terms: DonationTerms | null; unavailable: boolean } {
  const fetched = useStore(fetchedTermsStore);
  useEffect(() => void loadDonationTerms(), []);
  return { terms: siteSettings()?.donations ?? fetched.terms, unavailable: fetched.unavailable };
}
