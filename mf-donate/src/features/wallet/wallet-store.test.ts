import { waitFor } from '@testing-library/react';
import { announceWallet, FakeWallet } from '../../testing/fake-wallet';
import { collectToasts } from '@party/remote-test-kit';
import { giveTerms, usTerms } from '../../testing/donation-terms';
import { CONNECTED_FLAG, createWalletStore, shortenAccount } from './wallet-store';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const toasts = collectToasts();
const stops: Array<() => void> = [];

beforeAll(() => giveTerms(usTerms));
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  delete (window as { ethereum?: unknown }).ethereum;
});

/** A store that has discovered `wallet` as the browser's only wallet. */
function storeWith(wallet?: FakeWallet) {
  if (wallet) (window as { ethereum?: unknown }).ethereum = wallet;
  const store = createWalletStore();
  stops.push(store.getState().startDiscovery());
  return store;
}

describe('the wallet store', () => {
  it('with no wallet, tells the visitor to install one', async () => {
    const store = storeWith();
    await store.getState().connect();
    expect(toasts).toEqual([
      {
        title: 'No Ethereum Wallet Found',
        description: 'Please install a wallet extension or another Ethereum wallet to make a donation.',
        variant: 'destructive',
      },
    ]);
    expect(store.getState().isActive).toBe(false);
  });

  it('connects: account, chain id parsed from hex, ethers provider and signer, the flag, the toast', async () => {
    const wallet = new FakeWallet([ACCOUNT], 42161);
    const store = storeWith(wallet);
    await store.getState().connect();

    expect(store.getState()).toMatchObject({
      account: ACCOUNT,
      chainId: 42161,
      isActive: true,
      isLoading: false,
      error: null,
    });
    expect(await store.getState().signer?.getAddress()).toBe(ACCOUNT);
    expect(window.localStorage.getItem(CONNECTED_FLAG)).toBe('true');
    expect(toasts).toEqual([
      { title: 'Wallet Connected', description: 'Your wallet has been connected successfully.' },
    ]);
  });

  it('takes a rejection calmly, and keeps the error', async () => {
    const wallet = new FakeWallet([ACCOUNT]);
    wallet.refuseNext('eth_requestAccounts', 4001);
    const store = storeWith(wallet);
    await store.getState().connect();

    expect(store.getState()).toMatchObject({ isActive: false, isLoading: false });
    expect(store.getState().error?.message).toBe('User rejected the request.');
    expect(toasts).toEqual([
      { title: 'Connection cancelled', description: 'No problem: connect your wallet whenever you are ready.' },
    ]);
  });

  it('reports any other failure as docs/product.md says, and keeps the error', async () => {
    const wallet = new FakeWallet([ACCOUNT]);
    wallet.refuseNext('eth_requestAccounts', -32603, 'Internal error');
    const store = storeWith(wallet);
    await store.getState().connect();

    expect(store.getState().error?.message).toBe('Internal error');
    expect(toasts).toEqual([
      {
        title: 'Connection Failed',
        description: 'Could not connect to your wallet. Please try again.',
        variant: 'destructive',
      },
    ]);
  });

  it('reconnects from the flag with eth_accounts, never a prompt, and silently', async () => {
    window.localStorage.setItem(CONNECTED_FLAG, 'true');
    const wallet = new FakeWallet([ACCOUNT], 1, { authorised: true });
    const store = storeWith(wallet);
    await store.getState().reconnect();

    expect(store.getState()).toMatchObject({ account: ACCOUNT, isActive: true });
    expect(wallet.methods()).not.toContain('eth_requestAccounts');
    expect(toasts).toEqual([]);
  });

  it('does not reconnect without the flag, and forgets the flag when the wallet no longer trusts the site', async () => {
    const wallet = new FakeWallet([ACCOUNT], 1, { authorised: false });
    const store = storeWith(wallet);
    await store.getState().reconnect();
    expect(wallet.methods()).toEqual([]);

    window.localStorage.setItem(CONNECTED_FLAG, 'true');
    await store.getState().reconnect();
    expect(store.getState().isActive).toBe(false);
    expect(window.localStorage.getItem(CONNECTED_FLAG)).toBeNull();
    expect(wallet.methods()).toEqual(['eth_accounts']);
  });

  it('follows an account change, and a wallet that disconnects the site', async () => {
    const wallet = new FakeWallet([ACCOUNT]);
    const store = storeWith(wallet);
    await store.getState().connect();

    wallet.accounts = [OTHER];
    wallet.emit('accountsChanged', [OTHER]);
    expect(store.getState().account).toBe(OTHER);

    wallet.emit('accountsChanged', []);
    expect(store.getState()).toMatchObject({ account: null, isActive: false, provider: null });
    expect(window.localStorage.getItem(CONNECTED_FLAG)).toBeNull();
    expect(toasts.at(-1)).toEqual({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
  });

  it('follows a chain change with a new ethers provider for the new network', async () => {
    const wallet = new FakeWallet([ACCOUNT], 1);
    const store = storeWith(wallet);
    await store.getState().connect();
    const before = store.getState().provider;

    wallet.chainId = 137;
    wallet.emit('chainChanged', '0x89');
    expect(store.getState().chainId).toBe(137);
    await waitFor(() => expect(store.getState().provider).not.toBeNull());
    const after = store.getState().provider;
    expect(after).not.toBe(before);
    expect((await after?.getNetwork())?.chainId).toBe(137n);
  });

  it('disconnects on request: flag cleared, events unfollowed, the toast', async () => {
    const wallet = new FakeWallet([ACCOUNT]);
    const store = storeWith(wallet);
    await store.getState().connect();
    store.getState().disconnect();

    expect(store.getState()).toMatchObject({ account: null, chainId: null, isActive: false, signer: null });
    expect(window.localStorage.getItem(CONNECTED_FLAG)).toBeNull();
    expect(wallet.listenerCount('chainChanged')).toBe(0);
    expect(toasts.at(-1)).toEqual({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  });

  it('lists every EIP-6963 wallet and connects the one the visitor chose', async () => {
    const first = new FakeWallet([ACCOUNT]);
    const second = new FakeWallet([OTHER]);
    stops.push(
      announceWallet(first, { name: 'First Wallet', rdns: 'org.first' }),
      announceWallet(second, { name: 'Second Wallet', rdns: 'org.second' }),
    );
    const store = storeWith();

    expect(store.getState().wallets.map((wallet) => wallet.name)).toEqual(['First Wallet', 'Second Wallet']);
    await store.getState().connect('org.second');
    expect(store.getState().account).toBe(OTHER);
    expect(first.methods()).toEqual([]);
  });

  it('switches network, adding it to the wallet when the wallet does not know it (4902)', async () => {
    const wallet = new FakeWallet([ACCOUNT], 5);
    const store = storeWith(wallet);
    await store.getState().connect();

    wallet.refuseNext('wallet_switchEthereumChain', 4902, 'Unrecognized chain');
    await store.getState().switchNetwork(42161);
    expect(wallet.methods()).toContain('wallet_addEthereumChain');
    expect(store.getState().chainId).toBe(42161);
  });
});

describe('shortenAccount', () => {
  it('keeps the first 6 and the last 4 characters', () => {
    expect(shortenAccount(ACCOUNT)).toBe('0xf39F...2266');
  });
});
