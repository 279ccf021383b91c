import { createStore } from 'zustand/vanilla';
import { PARTY_NAME, walletTypedData, type AcceptingDonationTerms, type DeclarationFieldId, type DonationDeclaration, type DonationStatus } from '@party/shared-contracts';
import { raiseToast } from '@party/shared-contracts/ui';
import { providerErrorCode, providerErrorMessage, USER_REJECTED, type Eip1193Provider } from '../wallet/eip1193';
import { walletStore as pageWalletStore } from '../wallet/wallet-store';
import { acceptedNetworks, currentTerms, findNetwork, networkNames } from '../networks/accepted-networks';
import { isValidDonationAmount } from './donation-amount';
import * as pageDonationApi from './donation-api';
import { findDonationTier, type DonationTierId } from './donation-tiers';
import { sendDonation as pageSendDonation } from './send-donation';

/** Selecting, then the pledge to the gateway, its signature in the wallet, the wallet's transfer, the network's confirmation. */
export type DonationPhase = 'selecting' | 'pledging' | 'signing' | 'awaiting-wallet' | 'confirming' | 'succeeded';

/** What the store asks of the gateway (donation-api.ts; tests give their own). */
export type DonationApi = Pick<typeof pageDonationApi, 'requestPledge' | 'sendSignature' | 'withdrawPledge' | 'reportDonation'>;

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
  setAffirmation: (id: string, on: boolean) => void;
  setPrivacy: (on: boolean) => void;
  donate: () => Promise<void>;
  startOver: () => void;
}

/** Whether the donor is asked to declare who gives before the wallet is asked to send. */
export function declarationShown(state: Pick<DonationState, 'declarationRequested'>, terms: AcceptingDonationTerms): boolean {
  return state.declarationRequested || terms.declarationThreshold === 0;
}

const refuse = (title: string, description: string) => raiseToast({ title, description, variant: 'destructive' });

/** How long the wallet's network may take to answer before the donor is told, rather than left waiting. */
export const NETWORK_ANSWER_MS = 10_000;

/**
 * The chain the wallet is on now, and proof that its network answers (the latest block), within
 * NETWORK_ANSWER_MS; null when the wallet cannot reach its network (a dead or unreachable RPC).
 */
async function reachableChain(provider: Eip1193Provider): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), NETWORK_ANSWER_MS)));
  try {
    const answer = Promise.all([provider.request({ method: 'eth_chainId' }), provider.request({ method: 'eth_blockNumber' })]);
    const reached = await Promise.race([answer, silence]);
    return reached && Number(reached[0]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The errors still standing once the donor has changed `field`. */
const withoutError = (errors: Record<string, string>, field: string) => (field in errors ? Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field)) : errors);

/**
 * The wallet's EIP-712 signature of the pledge's typed data; null when the donor declined. The
 * wallet shows them the statement, the amount and the receiving address before they sign.
 */
async function signPledge(provider: Eip1193Provider, account: string, typedData: Parameters<typeof walletTypedData>[0]): Promise<string | null> {
  try {
    return (await provider.request({ method: 'eth_signTypedData_v4', params: [account, walletTypedData(typedData)] })) as string;
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED) return null;
    throw error;
  }
}

export function createDonationStore(walletStore = pageWalletStore, sendDonation = pageSendDonation, { requestPledge, sendSignature, withdrawPledge, reportDonation }: DonationApi = pageDonationApi) {
  return createStore<DonationState>()((set, get) => ({
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
    setDeclarationField: (field, value) => set((state) => ({ declaration: { ...state.declaration, [field]: value }, fieldErrors: withoutError(state.fieldErrors, field) })),
    setAffirmation: (id, on) =>
      set((state) => ({
        affirmations: on ? [...new Set([...state.affirmations, id])] : state.affirmations.filter((ticked) => ticked !== id),
        fieldErrors: withoutError(state.fieldErrors, 'affirmations'),
      })),
    setPrivacy: (privacy) => set((state) => ({ privacy, fieldErrors: withoutError(state.fieldErrors, 'privacy') })),

    // The spec's checks, in its order, each with its own toast.
    donate: async () => {
      const wallet = walletStore.getState();
      const { tierId, customMode, customAmount, phase } = get();
      if (phase !== 'selecting') return;
      if (wallet.wallets.length === 0) {
        refuse('No Ethereum Wallet Found', 'Please install a wallet extension or another Ethereum wallet to make a donation.');
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
        refuse('Donations Closed', terms ? terms.message : 'Donations cannot be taken just now. Please try again later.');
        return;
      }
      const network = findNetwork(wallet.chainId, terms);
      if (!network) {
        const networks = acceptedNetworks(terms).filter((candidate) => !candidate.development);
        refuse('Unsupported Network', `Switch your wallet to ${networkNames(networks.length > 0 ? networks : acceptedNetworks(terms))} to donate.`);
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
      let answer: Awaited<ReturnType<typeof requestPledge>>;
      try {
        answer = await requestPledge({ chainId: network.chainId, account: wallet.account!, amountEth, ...(declaration ? { declaration, privacy: true as const } : {}) });
      } catch {
        answer = { kind: 'refused', message: 'We could not reach our server. Check your connection and try again.' };
      }
      if (answer.kind !== 'pledged') {
        set({ phase: 'selecting' });
        if (answer.kind === 'declaration-required') {
          set((state) => ({ declarationRequested: true, declarationNotice: answer.message, refusals: state.refusals + 1 }));
        } else if (answer.kind === 'invalid') {
          set((state) => ({ fieldErrors: answer.fieldErrors, refusals: state.refusals + 1 }));
        } else {
          refuse('Donation Not Possible', answer.message);
        }
        return;
      }

      set({ phase: 'signing' });
      let signed: pageDonationApi.SignatureAnswer;
      try {
        const signature = await signPledge(wallet.wallet.provider, wallet.account!, answer.typedData);
        if (signature === null) {
          set({ phase: 'selecting' });
          void withdrawPledge(answer.pledge);
          raiseToast({ title: 'Declaration not signed', description: 'You declined to sign your declaration in your wallet. Nothing was sent.' });
          return;
        }
        signed = await sendSignature(answer.pledge, signature);
      } catch (error) {
        signed = { kind: 'refused', message: providerErrorMessage(error) ?? 'Failed to process your donation. Please try again.' };
      }
      if (signed.kind === 'refused') {
        set({ phase: 'selecting' });
        refuse('Donation Not Possible', signed.message);
        return;
      }

      set({ phase: 'awaiting-wallet' });
      const chainNow = await reachableChain(wallet.wallet.provider);
      if (chainNow === null) {
        set({ phase: 'selecting' });
        void withdrawPledge(answer.pledge);
        refuse('Network Unreachable', `Your wallet could not reach ${network.name}. Check your internet connection or your wallet's network settings, then try again.`);
        return;
      }
      try {
        // A wallet can change network without the page noticing yet: never send on the wrong one.
        if (chainNow !== network.chainId) throw new Error('Your wallet changed network. Please check it and try again.');
        const sent = await sendDonation(wallet.signer, network, amountEth);
        set({ phase: 'confirming' });
        // Reported at once: the gateway follows the transaction even if this page is closed now.
        const reported = reportDonation({ pledge: answer.pledge, chainId: network.chainId, txHash: sent.hash });
        await sent.confirmed;
        const recorded = await reported;
        set({
          phase: 'succeeded',
          receipt: {
            hash: sent.hash,
            chainId: network.chainId,
            amountEth,
            ledgerStatus: recorded.kind === 'recorded' ? recorded.receipt.status : null,
            notice: recorded.kind === 'recorded' ? (recorded.receipt.notice ?? null) : null,
          },
          declarationRequested: false,
          declarationNotice: '',
        });
        raiseToast({ title: 'Donation Successful', description: `Thank you for supporting ${PARTY_NAME}. Your donation is confirmed on ${network.name}.` });
        if (recorded.kind === 'not-recorded') {
          refuse('Donation Not Recorded', `${recorded.message} Your donation is on the blockchain: please keep the transaction hash, and write to us quoting it.`);
        }
      } catch (error) {
        const cancelled = providerErrorCode(error) === USER_REJECTED;
        // Refused before it was sent (ethers names the hash of one it sent): the pledge stops counting toward the donor's cap now.
        const sent = Boolean((error as { info?: { sendTransactionHash?: string } } | null)?.info?.sendTransactionHash);
        if (get().phase === 'awaiting-wallet' && !sent) void withdrawPledge(answer.pledge);
        set({ phase: 'selecting' });
        if (cancelled) {
          raiseToast({ title: 'Donation cancelled', description: 'You cancelled the transaction in your wallet. Nothing was sent.' });
          return;
        }
        refuse('Donation Failed', providerErrorMessage(error) ?? 'Failed to process your donation. Please try again.');
      }
    },

    startOver: () => set({ phase: 'selecting', receipt: null, customAmount: '', fieldErrors: {} }),
  }));
}

export const donationStore = createDonationStore();
