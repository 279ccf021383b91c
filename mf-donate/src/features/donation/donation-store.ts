import { createStore } from 'zustand/vanilla';
import type {
  AcceptingDonationTerms,
  DeclarationFieldId,
  DonationDeclaration,
  DonationStatus,
} from '@party/shared-contracts';
import { raiseToast } from '@party/shared-ui';
import { walletStore as pageWalletStore } from '../wallet/wallet-store';
import { acceptedNetworks, currentTerms, findNetwork, networkNames } from '../networks/accepted-networks';
import { isValidDonationAmount } from './donation-amount';
import { findDonationTier, type DonationTierId } from './donation-tiers';

/** Selecting, then the pledge to the gateway, its signature in the wallet, the wallet's transfer, the network's confirmation. */
export type DonationPhase = 'selecting' | 'pledging' | 'signing' | 'awaiting-wallet' | 'confirming' | 'succeeded';

export interface DonationReceipt {
  hash: string;
  chainId: number;
  amountEth: string;
  /** Where it stands in the party's ledger; null when the gateway could not record it. */
  ledgerStatus: DonationStatus | null;
  /** What the gateway said the donor should know of it (part of it passes their cap, say). */
  notice: string | null;
}

export interface DonationState {
  tierId: DonationTierId | null;
  customMode: boolean;
  customAmount: string;
  phase: DonationPhase;
  receipt: DonationReceipt | null;
  /** The gateway asked for a declaration of who gives (the rules ask for none below a threshold). */
  declarationRequested: boolean;
  /** Why the declaration is asked for, when the gateway said so. */
  declarationNotice: string;
  declaration: Partial<Record<DeclarationFieldId, string>>;
  affirmations: string[];
  privacy: boolean;
  /** Each invalid field of the declaration (or `privacy`) and its message. */
  fieldErrors: Record<string, string>;
  /** Counts refused submissions, so that the form moves focus to the first error each time. */
  refusals: number;
  chooseTier: (tierId: DonationTierId) => void;
  setCustomMode: (on: boolean) => void;
  setCustomAmount: (amount: string) => void;
  setDeclarationField: (field: DeclarationFieldId, value: string) => void;
  /** The affirmations ticked now, by id. */
  setAffirmations: (ids: string[]) => void;
  setPrivacy: (on: boolean) => void;
  donate: () => Promise<void>;
  startOver: () => void;
}

/** Whether the donor is asked to declare who gives before the wallet is asked to send. */
export function declarationShown(
  state: Pick<DonationState, 'declarationRequested'>,
  terms: AcceptingDonationTerms,
): boolean {
  return state.declarationRequested || terms.declarationThreshold === 0;
}

const refuse = (title: string, description: string) => raiseToast({ title, description, variant: 'destructive' });

/** The errors still standing once the donor has changed `field`. */
const withoutError = (errors: Record<string, string>, field: string) =>
  field in errors ? Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field)) : errors;

/** The store of the donate page: its choices, and `donate()`'s checks in the order docs/product.md gives. */
export function createDonationStore(walletStore = pageWalletStore) {
  const store = createStore<DonationState>()((set, get) => ({
    tierId: 'supporter',
    customMode: false,
    customAmount: '',
    phase: 'selecting',
    receipt: null,
    declarationRequested: false,
    declarationNotice: '',
    declaration: {},
    affirmations: [],
    privacy: false,
    fieldErrors: {},
    refusals: 0,

    chooseTier: (tierId) => set({ tierId, customMode: false }),
    setCustomMode: (on) => set({ customMode: on }),
    setCustomAmount: (customAmount) => set({ customAmount }),
    setDeclarationField: (field, value) =>
      set((state) => ({
        declaration: { ...state.declaration, [field]: value },
        fieldErrors: withoutError(state.fieldErrors, field),
      })),
    setAffirmations: (ids) =>
      set((state) => ({
        affirmations: [...new Set(ids)],
        fieldErrors: withoutError(state.fieldErrors, 'affirmations'),
      })),
    setPrivacy: (privacy) => set((state) => ({ privacy, fieldErrors: withoutError(state.fieldErrors, 'privacy') })),

    // The checks of docs/product.md, in its order, each with its own toast.
    donate: async () => {
      const wallet = walletStore.getState();
      const { tierId, customMode, customAmount, phase } = get();
      if (phase !== 'selecting') return;
      if (wallet.wallets.length === 0) {
        refuse(
          'No Ethereum Wallet Found',
          'Please install a wallet extension or another Ethereum wallet to make a donation.',
        );
        return;
      }
      if (!wallet.isActive || !wallet.signer || !wallet.wallet) {
        refuse('Wallet Not Connected', 'Please connect your wallet to make a donation.');
        return;
      }
      if (customMode && !isValidDonationAmount(customAmount)) {
        refuse('Invalid Amount', 'Please enter a valid donation amount.');
        return;
      }
      const tier = findDonationTier(tierId);
      if (!customMode && !tier) {
        refuse('Invalid Tier', 'Invalid donation tier selected.');
        return;
      }
      const terms = currentTerms();
      if (!terms?.accepting) {
        refuse(
          'Donations Closed',
          terms ? terms.message : 'Donations cannot be taken just now. Please try again later.',
        );
        return;
      }
      const network = findNetwork(wallet.chainId, terms);
      if (!network) {
        const networks = acceptedNetworks(terms).filter((candidate) => !candidate.development);
        refuse(
          'Unsupported Network',
          `Switch your wallet to ${networkNames(networks.length > 0 ? networks : acceptedNetworks(terms))} to donate.`,
        );
        return;
      }
      const amountEth = customMode ? customAmount.trim() : tier!.amountEth;

      let declaration: DonationDeclaration | undefined;
      if (declarationShown(get(), terms)) {
        const { checkDeclaration } = await import('./declaration-check');
        const { declaration: values, affirmations, privacy } = get();
        const checked = checkDeclaration(terms, { ...values, affirmations }, privacy);
        if (!checked.ok) {
          set((state) => ({ fieldErrors: checked.fieldErrors, refusals: state.refusals + 1 }));
          return;
        }
        declaration = checked.declaration;
      }

      set({ phase: 'pledging', fieldErrors: {} });
      // The steps from here on load when a donor first gives: the page needs none of them before.
      let workflow: typeof import('./donation-workflow');
      try {
        workflow = await import('./donation-workflow');
      } catch {
        set({ phase: 'selecting' });
        refuse('Donation Failed', 'Failed to process your donation. Please try again.');
        return;
      }
      const gift = {
        wallet: { provider: wallet.wallet.provider, signer: wallet.signer, account: wallet.account! },
        network,
        amountEth,
        declaration,
      };
      await workflow.giveDonation(store, gift);
    },

    startOver: () => set({ phase: 'selecting', receipt: null, customAmount: '', fieldErrors: {} }),
  }));
  return store;
}

export const donationStore = createDonationStore();
