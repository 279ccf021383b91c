import { createStore } from 'zustand/vanilla';
import { PARTY_NAME } from '@party/shared-contracts';
import { raiseToast } from '@party/shared-contracts/ui';
import { providerErrorCode, providerErrorMessage, USER_REJECTED, type Eip1193Provider } from '../wallet/eip1193';
import { walletStore as pageWalletStore } from '../wallet/wallet-store';
import { enabledNetworks, findNetwork } from '../networks/enabled-networks';
import { isValidDonationAmount } from './donation-amount';
import { findDonationTier, type DonationTierId } from './donation-tiers';
import { sendDonation as pageSendDonation } from './send-donation';

export type DonationPhase = 'selecting' | 'awaiting-wallet' | 'confirming' | 'succeeded';

export interface DonationReceipt {
  hash: string;
  chainId: number;
  amountEth: string;
}

export interface DonationState {
  tierId: DonationTierId | null;
  customMode: boolean;
  customAmount: string;
  phase: DonationPhase;
  receipt: DonationReceipt | null;
  chooseTier: (tierId: DonationTierId) => void;
  setCustomMode: (on: boolean) => void;
  setCustomAmount: (amount: string) => void;
  donate: () => Promise<void>;
  startOver: () => void;
}

const supportedNames = enabledNetworks.filter((network) => !network.development).map((network) => network.name);
const NETWORK_LIST = `${supportedNames.slice(0, -1).join(', ')} or ${supportedNames.at(-1)}`;

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

export function createDonationStore(walletStore = pageWalletStore, sendDonation = pageSendDonation) {
  return createStore<DonationState>()((set, get) => ({
    tierId: 'supporter',
    customMode: false,
    customAmount: '',
    phase: 'selecting',
    receipt: null,

    chooseTier: (tierId) => set({ tierId, customMode: false }),
    setCustomMode: (on) => set({ customMode: on }),
    setCustomAmount: (customAmount) => set({ customAmount }),

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
      const network = findNetwork(wallet.chainId);
      if (!network) {
        refuse('Unsupported Network', `Switch your wallet to ${NETWORK_LIST} to donate.`);
        return;
      }
      const amountEth = customMode ? customAmount.trim() : tier!.amountEth;

      set({ phase: 'awaiting-wallet' });
      const chainNow = await reachableChain(wallet.wallet.provider);
      if (chainNow === null) {
        set({ phase: 'selecting' });
        refuse('Network Unreachable', `Your wallet could not reach ${network.name}. Check your internet connection or your wallet's network settings, then try again.`);
        return;
      }
      try {
        // A wallet can change network without the page noticing yet: never send on the wrong one.
        if (chainNow !== network.chainId) throw new Error('Your wallet changed network. Please check it and try again.');
        const sent = await sendDonation(wallet.signer, network, amountEth);
        set({ phase: 'confirming' });
        await sent.confirmed;
        set({ phase: 'succeeded', receipt: { hash: sent.hash, chainId: network.chainId, amountEth } });
        raiseToast({ title: 'Donation Successful', description: `Thank you for supporting ${PARTY_NAME}. Your donation is confirmed on ${network.name}.` });
      } catch (error) {
        set({ phase: 'selecting' });
        if (providerErrorCode(error) === USER_REJECTED) {
          raiseToast({ title: 'Donation cancelled', description: 'You cancelled the transaction in your wallet. Nothing was sent.' });
          return;
        }
        refuse('Donation Failed', providerErrorMessage(error) ?? 'Failed to process your donation. Please try again.');
      }
    },

    startOver: () => set({ phase: 'selecting', receipt: null, customAmount: '' }),
  }));
}

export const donationStore = createDonationStore();
