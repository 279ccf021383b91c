import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { announceWallet, FakeWallet } from '../testing/fake-wallet';
import { donationStore } from '../features/donation/donation-store';
import { sendDonation } from '../features/donation/send-donation';
import { CONNECTED_FLAG, walletStore } from '../features/wallet/wallet-store';
import DonatePage from './Donate';

jest.mock('../features/donation/send-donation', () => ({ sendDonation: jest.fn() }));

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'cd'.repeat(32)}`;
const initialWallet = walletStore.getState();
const initialDonation = donationStore.getState();
const stops: Array<() => void> = [];

beforeAll(() => {
  window.matchMedia = jest.fn().mockReturnValue({ matches: true });
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  delete (window as { ethereum?: unknown }).ethereum;
  act(() => {
    walletStore.setState(initialWallet, true);
    donationStore.setState(initialDonation, true);
  });
});

function renderPage(wallet?: FakeWallet) {
  if (wallet) (window as { ethereum?: unknown }).ethereum = wallet;
  return render(
    <MemoryRouter>
      <DonatePage />
    </MemoryRouter>,
  );
}

const amounts = () => screen.getByRole('group', { name: 'Choose an amount' });

describe('the Donate page', () => {
  it('keeps the amount controls disabled until a wallet is connected, then shows the short account and network', async () => {
    const user = userEvent.setup();
    renderPage(new FakeWallet([ACCOUNT], 1));
    for (const radio of within(amounts()).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Enter a custom amount' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByText('0xf39F...2266')).toBeInTheDocument();
    expect(screen.getByText('Ethereum Mainnet', { selector: 'strong' })).toBeInTheDocument();
    expect(within(amounts()).getByRole('radio', { name: /Supporter/ })).toBeEnabled();
    expect(screen.getByText(/to our receiving address/)).toHaveTextContent('Sent in ETH on Ethereum Mainnet to our receiving address 0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09');
  });

  it('enables the amount field with custom mode, and Complete Donation only for a positive amount', async () => {
    const user = userEvent.setup();
    renderPage(new FakeWallet([ACCOUNT], 1));
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await screen.findByText('0xf39F...2266');

    const field = screen.getByLabelText('Custom amount (ETH)');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('min', '0.001');
    expect(field).toHaveAttribute('step', '0.001');
    await user.click(screen.getByRole('checkbox', { name: 'Enter a custom amount' }));
    expect(field).toBeEnabled();
    for (const radio of within(amounts()).getAllByRole('radio')) expect(radio).not.toBeChecked();

    const complete = screen.getByRole('button', { name: 'Complete Donation' });
    expect(complete).toBeDisabled();
    await user.type(field, '0');
    expect(complete).toBeDisabled();
    await user.type(field, '.25');
    expect(complete).toBeEnabled();

    await user.click(within(amounts()).getByRole('radio', { name: /Champion/ }));
    expect(screen.getByRole('checkbox', { name: 'Enter a custom amount' })).not.toBeChecked();
  });

  it('offers a choice when several wallets announce themselves', async () => {
    const user = userEvent.setup();
    stops.push(announceWallet(new FakeWallet([ACCOUNT]), { name: 'Alpha Wallet', rdns: 'org.alpha' }));
    stops.push(announceWallet(new FakeWallet([ACCOUNT]), { name: 'Beta Wallet', rdns: 'org.beta' }));
    renderPage();
    const chooser = screen.getByRole('group', { name: 'Choose a wallet' });
    await user.click(within(chooser).getByRole('button', { name: 'Connect Beta Wallet' }));
    expect(await screen.findByText('0xf39F...2266')).toBeInTheDocument();
  });

  it('reconnects on load from the flag without asking the wallet to prompt', async () => {
    window.localStorage.setItem(CONNECTED_FLAG, 'true');
    const wallet = new FakeWallet([ACCOUNT], 1, { authorised: true });
    renderPage(wallet);
    expect(await screen.findByText('0xf39F...2266')).toBeInTheDocument();
    expect(wallet.methods()).not.toContain('eth_requestAccounts');
  });

  it('offers to switch a wallet on an unsupported network', async () => {
    const user = userEvent.setup();
    const wallet = new FakeWallet([ACCOUNT], 5);
    renderPage(wallet);
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await user.click(await screen.findByRole('button', { name: 'Switch to Arbitrum One' }));
    expect(await screen.findByText('Arbitrum One', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Switch network' })).not.toBeInTheDocument();
  });

  it('shows the thank-you view with the hash and the explorer, and Make Another Donation returns to the selection', async () => {
    const user = userEvent.setup();
    jest.mocked(sendDonation).mockResolvedValue({ hash: HASH, confirmed: Promise.resolve() });
    renderPage(new FakeWallet([ACCOUNT], 137));
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await screen.findByText('0xf39F...2266');
    expect(screen.getByText(/Sent in ETH \(sent as WETH\) on Polygon/)).toBeInTheDocument();
    await user.click(within(amounts()).getByRole('radio', { name: /Visionary/ }));
    await user.click(screen.getByRole('button', { name: 'Complete Donation' }));

    const heading = await screen.findByRole('heading', { name: 'Thank you for your donation' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(screen.getByText(/Your 0.5 ETH on Polygon is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /block explorer/ })).toHaveAttribute('href', `https://polygonscan.com/tx/${HASH}`);

    await user.click(screen.getByRole('button', { name: 'Make Another Donation' }));
    expect(screen.getByRole('button', { name: 'Complete Donation' })).toBeInTheDocument();
  });
});
