import { useStore } from 'zustand';
import { donationStore, type DonationState } from './donation-store';

export function useDonationStore<T>(selector: (state: DonationState) => T): T {
  return useStore(donationStore, selector);
}
