import { PARTY_NAME, walletTypedData, type DonationDeclaration } from '@party/shared-contracts';
import { raiseToast } from '@party/shared-ui';
import type { JsonRpcSigner } from 'ethers';
import type { StoreApi } from 'zustand/vanilla';
import type { AcceptedNetwork } from '../networks/accepted-networks';
import { providerErrorCode, providerErrorMessage, USER_REJECTED, type Eip1193Provider } from '../wallet/eip1193';
import {
  reportDonation,
  requestPledge,
  sendSignature,
  withdrawPledge,
  type PledgeAnswer,
  type SignatureAnswer,
} from './donation-api';
import type { DonationState } from './donation-store';
import { sendDonation } from './send-donation';

// What happens once a donor gives, after the page's checks: the pledge to the gateway, its
// signature in the wallet, the transfer, the report. Loaded when a donor first gives.

/** A gift the page's checks passed: from which wallet, on which network, how much, declared by whom. */
export interface Gift {
  wallet: { provider: Eip1193Provider; signer: JsonRpcSigner; account: string };
  network: AcceptedNetwork;
  amountEth: string;
  declaration: DonationDeclaration | undefined;
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
    const answer = Promise.all([
      provider.request({ method: 'eth_chainId' }),
      provider.request({ method: 'eth_blockNumber' }),
    ]);
    const reached = await Promise.race([answer, silence]);
    return reached && Number(reached[0]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The wallet's EIP-712 signature of the pledge's typed data; null when the donor declined. The
 * wallet shows them the statement, the amount and the receiving address before they sign.
 */
async function signPledge(
  provider: Eip1193Provider,
  account: string,
  typedData: Parameters<typeof walletTypedData>[0],
): Promise<string | null> {
  try {
    return (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [account, walletTypedData(typedData)],
    })) as string;
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED) return null;
    throw error;
  }
}

/** Pledges (the store is `pledging` already), has the wallet sign then send, and reports: each step's phase on `store`, each refusal a toast. */
export async function giveDonation(
  store: Pick<StoreApi<DonationState>, 'setState' | 'getState'>,
  { wallet, network, amountEth, declaration }: Gift,
): Promise<void> {
  const set = store.setState;
  let answer: PledgeAnswer;
  try {
    answer = await requestPledge({
      chainId: network.chainId,
      account: wallet.account,
      amountEth,
      ...(declaration ? { declaration, privacy: true as const } : {}),
    });
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
  let signed: SignatureAnswer;
  try {
    const signature = await signPledge(wallet.provider, wallet.account, answer.typedData);
    if (signature === null) {
      set({ phase: 'selecting' });
      void withdrawPledge(answer.pledge);
      raiseToast({
        title: 'Declaration not signed',
        description: 'You declined to sign your declaration in your wallet. Nothing was sent.',
      });
      return;
    }
    signed = await sendSignature(answer.pledge, signature);
  } catch (error) {
    signed = {
      kind: 'refused',
      message: providerErrorMessage(error) ?? 'Failed to process your donation. Please try again.',
    };
  }
  if (signed.kind === 'refused') {
    set({ phase: 'selecting' });
    refuse('Donation Not Possible', signed.message);
    return;
  }

  set({ phase: 'awaiting-wallet' });
  const chainNow = await reachableChain(wallet.provider);
  if (chainNow === null) {
    set({ phase: 'selecting' });
    void withdrawPledge(answer.pledge);
    refuse(
      'Network Unreachable',
      `Your wallet could not reach ${network.name}. Check your internet connection or your wallet's network settings, then try again.`,
    );
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
    raiseToast({
      title: 'Donation Successful',
      description: `Thank you for supporting ${PARTY_NAME}. Your donation is confirmed on ${network.name}.`,
    });
    if (recorded.kind === 'not-recorded') {
      refuse(
        'Donation Not Recorded',
        `${recorded.message} Your donation is on the blockchain: please keep the transaction hash, and write to us quoting it.`,
      );
    }
  } catch (error) {
    const cancelled = providerErrorCode(error) === USER_REJECTED;
    // Refused before it was sent (ethers names the hash of one it sent): the pledge stops counting toward the donor's cap now.
    const sent = Boolean((error as { info?: { sendTransactionHash?: string } } | null)?.info?.sendTransactionHash);
    if (store.getState().phase === 'awaiting-wallet' && !sent) void withdrawPledge(answer.pledge);
    set({ phase: 'selecting' });
    if (cancelled) {
      raiseToast({
        title: 'Donation cancelled',
        description: 'You cancelled the transaction in your wallet. Nothing was sent.',
      });
      return;
    }
    refuse('Donation Failed', providerErrorMessage(error) ?? 'Failed to process your donation. Please try again.');
  }
}
