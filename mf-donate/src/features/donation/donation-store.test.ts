import { waitFor } from '@testing-library/react';
import { collectToasts } from '@party/remote-test-kit';
import { donationGateway } from '../../testing/donation-gateway';
import { aDeclaration, giveTerms, usDeclaration, usTerms } from '../../testing/donation-terms';
import { FakeWallet } from '../../testing/fake-wallet';
import { createWalletStore } from '../wallet/wallet-store';
import { createDonationStore, type DonationState } from './donation-store';
import { NETWORK_ANSWER_MS } from './donation-workflow';
import { sendDonation } from './send-donation';

// Two boundaries, each with one stand-in: the gateway (remote-test-kit's fake, through fetch) and the
// wallet (FakeWallet for what the page asks of it; the transfer, which ethers makes of it, mocked).
jest.mock('./send-donation', () => ({ sendDonation: jest.fn() }));

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'ab'.repeat(32)}`;

const PLEDGE = 'c0ffee00-0000-4000-8000-000000000001';

const toasts = collectToasts();
beforeEach(() => {
  window.localStorage.clear();
  giveTerms(usTerms);
});
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
  jest.mocked(sendDonation).mockImplementation(async () => ({
    hash: HASH,
    confirmed: new Promise<void>((resolve) => (confirm = resolve)),
  }));
  const gateway = donationGateway(PLEDGE);
  const store = createDonationStore(walletStore);
  declare(store.getState());
  return { store, sendDonation: jest.mocked(sendDonation), gateway, confirm: () => confirm(), wallet };
}

/** Fills the declaration the US terms ask for. */
function declare(state: DonationState) {
  for (const field of usTerms.declaration.fields) state.setDeclarationField(field, aDeclaration[field]);
  state.setAffirmations(usTerms.declaration.affirmations.map((affirmation) => affirmation.id));
  state.setPrivacy(true);
}

describe('the donation store', () => {
  it('choosing a tier turns custom mode off', async () => {
    const { store } = await setUp();
    store.getState().setCustomMode(true);
    store.getState().chooseTier('champion');
    expect(store.getState()).toMatchObject({ tierId: 'champion', customMode: false });
  });

  it('checks in the order of docs/product.md: a wallet, a connection, a valid custom amount, a tier', async () => {
    const none = await setUp({ wallet: null });
    await none.store.getState().donate();
    expect(toasts.at(-1)).toMatchObject({ title: 'No Ethereum Wallet Found' });

    const disconnected = await setUp({ connected: false });
    await disconnected.store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Wallet Not Connected',
      description: 'Please connect your wallet to make a donation.',
      variant: 'destructive',
    });

    const custom = await setUp();
    custom.store.getState().setCustomMode(true);
    for (const amount of ['', '0', '0.000', '-1', 'abc', '1.2.3']) {
      custom.store.getState().setCustomAmount(amount);
      await custom.store.getState().donate();
      expect(toasts.at(-1)).toEqual({
        title: 'Invalid Amount',
        description: 'Please enter a valid donation amount.',
        variant: 'destructive',
      });
    }

    const tierless = await setUp();
    tierless.store.setState({ tierId: 'patron' as never });
    await tierless.store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Invalid Tier',
      description: 'Invalid donation tier selected.',
      variant: 'destructive',
    });

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
    const phases: string[] = [];
    const unsubscribe = store.subscribe((state) => phases.push(state.phase));
    const donating = store.getState().donate();
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    unsubscribe();
    expect([...new Set(phases)]).toEqual(['pledging', 'signing', 'awaiting-wallet', 'confirming']);
    expect(sendDonation).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ chainId: 42161 }), '0.05');

    confirm();
    await donating;
    expect(store.getState()).toMatchObject({
      phase: 'succeeded',
      receipt: { hash: HASH, chainId: 42161, amountEth: '0.05', ledgerStatus: 'received', notice: null },
    });
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
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    confirm();
    await donating;
    expect(sendDonation).toHaveBeenCalledWith(expect.anything(), expect.anything(), '0.123');
  });

  it('returns calmly to the selection when the donor cancels in the wallet, and withdraws the pledge', async () => {
    const { store, sendDonation, gateway } = await setUp();
    sendDonation.mockRejectedValueOnce(Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' }));
    await store.getState().donate();
    expect(store.getState().phase).toBe('selecting');
    expect(toasts).toEqual([
      { title: 'Donation cancelled', description: 'You cancelled the transaction in your wallet. Nothing was sent.' },
    ]);
    expect(gateway.sent('withdrawal')).toEqual([{}]);
  });

  it('asks the wallet to sign the pledge’s typed data before the transfer, and gives the gateway the signature', async () => {
    const { store, wallet, gateway, sendDonation } = await setUp();
    // What the gateway had been given when the wallet was asked to send.
    let signaturesBeforeTransfer: unknown[] = [];
    sendDonation.mockImplementationOnce(async () => {
      signaturesBeforeTransfer = gateway.sent('signature');
      return { hash: HASH, confirmed: new Promise<void>(() => undefined) };
    });
    void store.getState().donate();
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    const signing = wallet!.requests.find((request) => request.method === 'eth_signTypedData_v4')!;
    const [account, json] = signing.params as [string, string];
    expect(account).toBe(ACCOUNT);
    expect(JSON.parse(json)).toMatchObject({
      primaryType: 'DonationPledge',
      domain: { chainId: 1 },
      message: { pledge: PLEDGE },
      types: { EIP712Domain: expect.any(Array) },
    });
    expect(signaturesBeforeTransfer).toEqual([{ signature: `0x${'5a'.repeat(65)}` }]);
  });

  it('sends nothing when the donor declines to sign, or the gateway refuses the signature', async () => {
    const declined = await setUp();
    declined.wallet!.refuseNext('eth_signTypedData_v4', 4001);
    await declined.store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Declaration not signed',
      description: 'You declined to sign your declaration in your wallet. Nothing was sent.',
    });
    expect(declined.gateway.sent('withdrawal')).toEqual([{}]);
    expect(declined.store.getState().phase).toBe('selecting');

    const refused = await setUp();
    refused.gateway.answerNext('signature', {
      status: 400,
      body: {
        message: 'This signature is not from the wallet you pledged with (0xf39f…2266). Please sign with that wallet.',
      },
    });
    await refused.store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Donation Not Possible',
      description:
        'This signature is not from the wallet you pledged with (0xf39f…2266). Please sign with that wallet.',
      variant: 'destructive',
    });
    for (const attempt of [declined, refused]) expect(attempt.sendDonation).not.toHaveBeenCalled();
  });

  it('keeps what the gateway says of a recorded gift for the thank-you: the part over the cap goes back', async () => {
    const { store, gateway, confirm } = await setUp();
    const notice =
      'Thank you. With this gift your total for the 2026 election comes to $120.00, more than the $100.00 we may accept from one person: we will return the $20.00 over it to the address you gave from, within 60 days.';
    gateway.answerNext('report', { status: 201, body: { status: 'confirmed', txHash: HASH, notice } });
    const donating = store.getState().donate();
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    confirm();
    await donating;
    expect(store.getState().receipt).toMatchObject({ notice });
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
    void store.getState().donate();
    await waitFor(() => expect(sendDonation).toHaveBeenCalledTimes(1));
  });

  it('reports any other failure with its message, or the fallback, and lets the donor try again', async () => {
    const { store, sendDonation } = await setUp();
    sendDonation.mockRejectedValueOnce(
      Object.assign(new Error('x'), { shortMessage: 'insufficient funds for intrinsic transaction cost' }),
    );
    await store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Donation Failed',
      description: 'insufficient funds for intrinsic transaction cost',
      variant: 'destructive',
    });
    expect(store.getState().phase).toBe('selecting');

    sendDonation.mockRejectedValueOnce({});
    await store.getState().donate();
    expect(toasts.at(-1)).toEqual({
      title: 'Donation Failed',
      description: 'Failed to process your donation. Please try again.',
      variant: 'destructive',
    });
  });

  it('never sends when the wallet has moved to another network meanwhile', async () => {
    const { store, sendDonation, wallet } = await setUp();
    wallet!.chainId = 137;
    await store.getState().donate();
    expect(sendDonation).not.toHaveBeenCalled();
    expect(toasts.at(-1)).toMatchObject({
      title: 'Donation Failed',
      description: 'Your wallet changed network. Please check it and try again.',
    });
  });

  it('pledges with the declaration before the wallet is asked, and reports the hash once broadcast', async () => {
    const { store, sendDonation, gateway } = await setUp();
    let pledgesBeforeTransfer: unknown[] = [];
    sendDonation.mockImplementationOnce(async () => {
      pledgesBeforeTransfer = gateway.sent('pledge');
      return { hash: HASH, confirmed: new Promise<void>(() => undefined) };
    });
    void store.getState().donate();
    await waitFor(() => expect(gateway.sent('report')).toHaveLength(1));
    expect(pledgesBeforeTransfer).toEqual([
      {
        chainId: 1,
        account: ACCOUNT,
        amountEth: '0.01',
        declaration: { ...usDeclaration, affirmations: ['own-funds', 'not-foreign-national'] },
        privacy: true,
      },
    ]);
    // Reported as soon as it is broadcast, before it is confirmed.
    expect(gateway.sent('report')).toEqual([{ pledge: PLEDGE, chainId: 1, txHash: HASH }]);
    expect(store.getState().phase).toBe('confirming');
  });

  it('shows the receipt once the transfer is confirmed', async () => {
    const { store, confirm } = await setUp();
    const donating = store.getState().donate();
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    confirm();
    await donating;
    expect(store.getState().phase).toBe('succeeded');
  });

  it('keeps an incomplete declaration from the gateway and the wallet, with each field’s message', async () => {
    const { store, sendDonation, gateway } = await setUp();
    store.getState().setDeclarationField('fullName', ' ');
    store.getState().setAffirmations(store.getState().affirmations.filter((id) => id !== 'own-funds'));
    store.getState().setPrivacy(false);
    await store.getState().donate();
    expect(store.getState().fieldErrors).toEqual({
      fullName: 'Please enter your full name',
      affirmations: 'Please confirm each statement to donate',
      privacy: 'You must agree to the privacy policy',
    });
    expect(store.getState()).toMatchObject({ phase: 'selecting', refusals: 1 });
    expect(gateway.sent('pledge')).toEqual([]);
    expect(sendDonation).not.toHaveBeenCalled();

    store.getState().setDeclarationField('fullName', 'Ada Lovelace');
    expect(store.getState().fieldErrors).not.toHaveProperty('fullName');
  });

  it('asks for the declaration when the gateway says the amount needs one, and sends nothing', async () => {
    giveTerms({ ...usTerms, declarationThreshold: 500 });
    const { store, sendDonation, gateway } = await setUp();
    const message = 'Donations over $500 need a declaration of who is giving. Please complete it below.';
    gateway.answerNext('pledge', { status: 422, body: { declarationRequired: true, message } });
    await store.getState().donate();
    expect(gateway.sent('pledge')).toEqual([expect.not.objectContaining({ declaration: expect.anything() })]);
    expect(store.getState()).toMatchObject({
      declarationRequested: true,
      declarationNotice: message,
      phase: 'selecting',
    });
    expect(sendDonation).not.toHaveBeenCalled();
  });

  it('shows the thank-you and says so when the donation could not be recorded', async () => {
    const { store, gateway, confirm } = await setUp();
    gateway.answerNext('report', {
      status: 409,
      body: { message: 'That transaction is recorded for another pledge.' },
    });
    const donating = store.getState().donate();
    await waitFor(() => expect(store.getState().phase).toBe('confirming'));
    confirm();
    await donating;
    expect(store.getState()).toMatchObject({ phase: 'succeeded', receipt: { ledgerStatus: null } });
    expect(toasts.at(-1)).toMatchObject({ title: 'Donation Not Recorded', variant: 'destructive' });
  });
});
