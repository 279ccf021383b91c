import { FakeWallet } from '../../testing/fake-wallet';
import { collectToasts } from '@party/shared-contracts/testing';
import { createWalletStore } from '../wallet/wallet-store';
import { createDonationStore, NETWORK_ANSWER_MS } from './donation-store';
import type { DonationSent } from './send-donation';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'ab'.repeat(32)}`;

const toasts = collectToasts();
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

/** A donation store over a wallet store; `connected` connects the fake wallet first. */
async function setUp({ wallet = new FakeWallet([ACCOUNT], 1) as FakeWallet | null, connected = true } = {}) {
  if (wallet) (window as { ethereum?: unknown }).ethereum = wallet;
  const walletStore = createWalletStore();
  walletStore.getState().startDiscovery();
  if (wallet && connected) await walletStore.getState().connect();
  toasts.length = 0;
  let confirm: () => void = () => undefined;
  const sendDonation = jest.fn(
    async (): Promise<DonationSent> => ({ hash: HASH, confirmed: new Promise<void>((resolve) => (confirm = resolve)) }),
  );
  const store = createDonationStore(walletStore, sendDonation);
  return { store, sendDonation, confirm: () => confirm(), wallet };
}

describe('the donation store', () => {
  it('choosing a tier turns custom mode off', async () => {
    const { store } = await setUp();
    store.getState().setCustomMode(true);
    store.getState().chooseTier('champion');
    expect(store.getState()).toMatchObject({ tierId: 'champion', customMode: false });
  });

  it('checks in the spec’s order: a wallet, a connection, a valid custom amount, a tier', async () => {
    const none = await setUp({ wallet: null });
    await none.store.getState().donate();
    expect(toasts.at(-1)).toMatchObject({ title: 'No Ethereum Wallet Found' });

    const disconnected = await setUp({ connected: false });
    await disconnected.store.getState().donate();
    expect(toasts.at(-1)).toEqual({ title: 'Wallet Not Connected', description: 'Please connect your wallet to make a donation.', variant: 'destructive' });

    const custom = await setUp();
    custom.store.getState().setCustomMode(true);
    for (const amount of ['', '0', '0.000', '-1', 'abc', '1.2.3']) {
      custom.store.getState().setCustomAmount(amount);
      await custom.store.getState().donate();
      expect(toasts.at(-1)).toEqual({ title: 'Invalid Amount', description: 'Please enter a valid donation amount.', variant: 'destructive' });
    }

    const tierless = await setUp();
    tierless.store.setState({ tierId: 'patron' as never });
    await tierless.store.getState().donate();
    expect(toasts.at(-1)).toEqual({ title: 'Invalid Tier', description: 'Invalid donation tier selected.', variant: 'destructive' });

    for (const attempt of [none, disconnected, custom, tierless]) expect(attempt.sendDonation).not.toHaveBeenCalled();
  });

  it('refuses a network it does not accept, naming the ones it does', async () => {
    const { store, sendDonation } = await setUp({ wallet: new FakeWallet([ACCOUNT], 5) });
    await store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Unsupported Network',
      description: 'Switch your wallet to Ethereum Mainnet, Arbitrum One or Polygon to donate.',
      variant: 'destructive',
    });
    expect(sendDonation).not.toHaveBeenCalled();
  });

  it('sends the tier’s amount, waits for the wallet then the confirmation, and shows the receipt', async () => {
    const { store, sendDonation, confirm } = await setUp({ wallet: new FakeWallet([ACCOUNT], 42161) });
    store.getState().chooseTier('advocate');
    const donating = store.getState().donate();
    expect(store.getState().phase).toBe('awaiting-wallet');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().phase).toBe('confirming');
    expect(sendDonation).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ chainId: 42161 }), '0.05');

    confirm();
    await donating;
    expect(store.getState()).toMatchObject({ phase: 'succeeded', receipt: { hash: HASH, chainId: 42161, amountEth: '0.05' } });
    expect(toasts.at(-1)).toEqual({
      title: 'Donation Successful',
      description: 'Thank you for supporting The Refoundation Party. Your donation is confirmed on Arbitrum One.',
    });

    store.getState().startOver();
    expect(store.getState()).toMatchObject({ phase: 'selecting', receipt: null, tierId: 'advocate' });
  });

  it('sends a custom amount as typed', async () => {
    const { store, sendDonation, confirm } = await setUp();
    store.getState().setCustomMode(true);
    store.getState().setCustomAmount(' 0.123 ');
    const donating = store.getState().donate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    confirm();
    await donating;
    expect(sendDonation).toHaveBeenCalledWith(expect.anything(), expect.anything(), '0.123');
  });

  it('returns calmly to the selection when the donor cancels in the wallet', async () => {
    const { store, sendDonation } = await setUp();
    sendDonation.mockRejectedValueOnce(Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' }));
    await store.getState().donate();
    expect(store.getState().phase).toBe('selecting');
    expect(toasts).toEqual([{ title: 'Donation cancelled', description: 'You cancelled the transaction in your wallet. Nothing was sent.' }]);
  });

  it('says so within seconds when the wallet cannot reach its network, and lets the donor try again', async () => {
    const { store, sendDonation, wallet } = await setUp();
    wallet!.network = 'unreachable';
    await store.getState().donate();
    expect(toasts.at(-1)).toMatchObject({ title: 'Network Unreachable', variant: 'destructive' });
    expect(toasts.at(-1)?.description).toMatch(/^Your wallet could not reach .+\. Check your internet connection/);
    expect(store.getState().phase).toBe('selecting');

    jest.useFakeTimers();
    try {
      wallet!.network = 'silent';
      const donating = store.getState().donate();
      await jest.advanceTimersByTimeAsync(NETWORK_ANSWER_MS);
      await donating;
      expect(toasts.at(-1)).toMatchObject({ title: 'Network Unreachable' });
      expect(store.getState().phase).toBe('selecting');
    } finally {
      jest.useRealTimers();
    }
    expect(sendDonation).not.toHaveBeenCalled();

    wallet!.network = 'reachable';
    const donating = store.getState().donate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sendDonation).toHaveBeenCalledTimes(1);
    void donating;
  });

  it('reports any other failure with its message, or the fallback, and lets the donor try again', async () => {
    const { store, sendDonation } = await setUp();
    sendDonation.mockRejectedValueOnce(Object.assign(new Error('x'), { shortMessage: 'insufficient funds for intrinsic transaction cost' }));
    await store.getState().donate();
    expect(toasts.at(-1)).toEqual({ title: 'Donation Failed', description: 'insufficient funds for intrinsic transaction cost', variant: 'destructive' });
    expect(store.getState().phase).toBe('selecting');

    sendDonation.mockRejectedValueOnce({});
    await store.getState().donate();
    expect(toasts.at(-1)).toEqual({ title: 'Donation Failed', description: 'Failed to process your donation. Please try again.', variant: 'destructive' });
  });

  it('never sends when the wallet has moved to another network meanwhile', async () => {
    const { store, sendDonation, wallet } = await setUp();
    wallet!.chainId = 137;
    await store.getState().donate();
    expect(sendDonation).not.toHaveBeenCalled();
    expect(toasts.at(-1)).toMatchObject({ title: 'Donation Failed', description: 'Your wallet changed network. Please check it and try again.' });
  });
});
