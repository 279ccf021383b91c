import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WalletConnect } from './WalletConnect';
import { walletStore } from './wallet-store';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('WalletConnect', () => {
  afterEach(() => {
    delete window.ethereum;
    act(() => walletStore.setState({ account: null, chainId: null, isActive: false, isLoading: false, error: null }));
  });

  it('connects to the injected wallet and shows the shortened account', async () => {
    window.ethereum = { request: async ({ method }) => (method === 'eth_chainId' ? '0x7a69' : [ACCOUNT]) };
    render(<WalletConnect />);

    await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));

    expect(await screen.findByText('0x7099...79C8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('shows that it is connecting while the wallet asks the visitor', async () => {
    let approve: (accounts: string[]) => void = () => undefined;
    window.ethereum = {
      request: ({ method }) => (method === 'eth_chainId' ? Promise.resolve('0x1') : new Promise((resolve) => (approve = resolve))),
    };
    render(<WalletConnect />);

    await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();

    await act(async () => approve([ACCOUNT]));
    expect(await screen.findByText('0x7099...79C8')).toBeInTheDocument();
  });
});
