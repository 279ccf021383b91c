import { onToastRaised, type ToastRequest } from '@party/shared-contracts';
import { createWalletStore, shortenAccount, type Eip1193Provider } from './wallet-store';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function fakeWallet(answers: Record<string, () => unknown>): Eip1193Provider {
  return {
    request: jest.fn(async ({ method }) => {
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer();
    }),
  };
}

describe('the wallet store', () => {
  let toasts: ToastRequest[];
  let stop: () => void;
  beforeEach(() => {
    toasts = [];
    stop = onToastRaised((toast) => toasts.push(toast));
  });
  afterEach(() => stop());

  it('connects: sets the account and the chain id parsed from hex, and says so', async () => {
    const store = createWalletStore(() => fakeWallet({ eth_requestAccounts: () => [ACCOUNT], eth_chainId: () => '0xa4b1' }));
    await store.getState().connect();

    expect(store.getState()).toMatchObject({ account: ACCOUNT, chainId: 42161, isActive: true, isLoading: false, error: null });
    expect(toasts).toEqual([{ title: 'Wallet Connected', description: 'Your wallet has been connected successfully.' }]);
  });

  it('tells the visitor to install a wallet when there is none', async () => {
    const store = createWalletStore(() => undefined);
    await store.getState().connect();

    expect(store.getState().isActive).toBe(false);
    expect(toasts).toEqual([
      {
        title: 'No Ethereum Wallet Found',
        description: 'Please install a wallet extension or another Ethereum wallet to make a donation.',
        variant: 'destructive',
      },
    ]);
  });

  it('stays calm when the visitor rejects the request in the wallet', async () => {
    const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const store = createWalletStore(() => fakeWallet({ eth_requestAccounts: () => Promise.reject(rejection) }));
    await store.getState().connect();

    expect(store.getState()).toMatchObject({ isActive: false, isLoading: false, error: rejection });
    expect(toasts).toEqual([]);
  });

  it('reports any other failure and keeps the error', async () => {
    const store = createWalletStore(() => fakeWallet({ eth_requestAccounts: () => Promise.reject(new Error('internal error')) }));
    await store.getState().connect();

    expect(store.getState().error?.message).toBe('internal error');
    expect(toasts).toEqual([
      { title: 'Connection Failed', description: 'Could not connect to your wallet. Please try again.', variant: 'destructive' },
    ]);
  });

  it('disconnects', async () => {
    const store = createWalletStore(() => fakeWallet({ eth_requestAccounts: () => [ACCOUNT], eth_chainId: () => '0x1' }));
    await store.getState().connect();
    store.getState().disconnect();

    expect(store.getState()).toMatchObject({ account: null, chainId: null, isActive: false });
    expect(toasts.at(-1)).toEqual({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  });
});

describe('shortenAccount', () => {
  it('keeps the first 6 and the last 4 characters', () => {
    expect(shortenAccount(ACCOUNT)).toBe('0xf39F...2266');
  });
});
