import { act, render, screen, waitFor, within } from '@testing-library/react';
import { collectToasts } from '@party/remote-test-kit';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { donationGateway } from '../testing/donation-gateway';
import { aDeclaration, giveTerms, usDeclaration, usTerms } from '../testing/donation-terms';
import { announceWallet, FakeWallet } from '../testing/fake-wallet';
import { donationStore } from '../features/donation/donation-store';
import { sendDonation } from '../features/donation/send-donation';
import { CONNECTED_FLAG, walletStore } from '../features/wallet/wallet-store';
import DonatePage from './Donate';

// As in the donation store's tests: the gateway is remote-test-kit's fake, the wallet FakeWallet, and
// the transfer ethers makes of it mocked.
jest.mock('../features/donation/send-donation', () => ({ sendDonation: jest.fn() }));

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'cd'.repeat(32)}`;
const initialWallet = walletStore.getState();
const initialDonation = donationStore.getState();
const PLEDGE = 'c0ffee00-0000-4000-8000-000000000001';
const stops: Array<() => void> = [];
const toasts = collectToasts();
let gateway: ReturnType<typeof donationGateway>;

beforeAll(() => {
  window.matchMedia = jest.fn().mockReturnValue({ matches: true });
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => {
  window.localStorage.clear();
  giveTerms(usTerms);
  gateway = donationGateway(PLEDGE);
});
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

/** Fills the declaration the US terms ask for, ticks each affirmation and the privacy policy. */
async function declare(user: ReturnType<typeof userEvent.setup>) {
  const declaration = screen.getByRole('group', { name: 'Your declaration' });
  for (const [label, value] of [
    ['Full name', aDeclaration.fullName],
    ['Email (for your receipt)', aDeclaration.email],
    ['Street address', aDeclaration.streetAddress],
    ['City or town', aDeclaration.city],
    ['State, county or region', aDeclaration.region],
    ['Postal or ZIP code', aDeclaration.postalCode],
    ['Occupation', aDeclaration.occupation],
    ['Employer', aDeclaration.employer],
  ] as const) {
    await user.type(within(declaration).getByLabelText(label), value);
  }
  for (const affirmation of usTerms.declaration.affirmations)
    await user.click(within(declaration).getByRole('checkbox', { name: affirmation.text }));
  await user.click(within(declaration).getByRole('checkbox', { name: /I agree to the privacy policy/ }));
}

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
    expect(screen.getByText(/to our receiving address/)).toHaveTextContent(
      'Sent in ETH on Ethereum Mainnet to our receiving address 0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09',
    );
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

  it('shows the thank-you view with the hash, the explorer and what the gateway said of it, and Make Another Donation returns to the selection', async () => {
    const user = userEvent.setup();
    const notice =
      'Thank you. With this gift your total for the 2026 election comes to $1,200.00, more than the $100.00 we may accept from one person: we will return the $1,100.00 over it to the address you gave from, within 60 days.';
    gateway.answerNext('report', { status: 201, body: { status: 'received', txHash: HASH, notice } });
    jest.mocked(sendDonation).mockResolvedValue({ hash: HASH, confirmed: Promise.resolve() });
    renderPage(new FakeWallet([ACCOUNT], 137));
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await screen.findByText('0xf39F...2266');
    expect(screen.getByText(/Sent in ETH \(sent as WETH\) on Polygon/)).toBeInTheDocument();
    await user.click(within(amounts()).getByRole('radio', { name: /Visionary/ }));
    await declare(user);
    await user.click(screen.getByRole('button', { name: 'Complete Donation' }));

    const heading = await screen.findByRole('heading', { name: 'Thank you for your donation' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(screen.getByText(/Your 0.5 ETH on Polygon is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /block explorer/ })).toHaveAttribute(
      'href',
      `https://polygonscan.com/tx/${HASH}`,
    );
    expect(screen.getByText(/It is in our ledger/)).toBeInTheDocument();
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(gateway.sent('pledge')).toEqual([
      {
        chainId: 137,
        account: ACCOUNT,
        amountEth: '0.5',
        declaration: { ...usDeclaration, affirmations: ['own-funds', 'not-foreign-national'] },
        privacy: true,
      },
    ]);
    expect(gateway.sent('report')).toEqual([{ pledge: PLEDGE, chainId: 137, txHash: HASH }]);

    await user.click(screen.getByRole('button', { name: 'Make Another Donation' }));
    expect(screen.getByRole('button', { name: 'Complete Donation' })).toBeInTheDocument();
  });

  it('asks for the declaration before the wallet, with each message on its field and focus on the first', async () => {
    const user = userEvent.setup();
    renderPage(new FakeWallet([ACCOUNT], 1));
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await screen.findByText('0xf39F...2266');
    await user.click(screen.getByRole('button', { name: 'Complete Donation' }));

    const name = await screen.findByLabelText('Full name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Please enter your full name');
    expect(screen.getByLabelText('Occupation')).toHaveAccessibleDescription('Please enter your occupation');
    expect(screen.getByText('Please confirm each statement to donate')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I agree to the privacy policy/ })).toHaveAccessibleDescription(
      'You must agree to the privacy policy',
    );
    expect(gateway.sent('pledge')).toEqual([]);
    expect(sendDonation).not.toHaveBeenCalled();
  });

  it('refuses a donation over the cap before the wallet is asked, saying why', async () => {
    const user = userEvent.setup();
    const refusal =
      'We may accept at most $100.00 from one person for the 2026 election. This donation is worth $1,000.00 now; you can give up to $100.00 more.';
    gateway.answerNext('pledge', { status: 409, body: { message: refusal } });
    renderPage(new FakeWallet([ACCOUNT], 1));
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await screen.findByText('0xf39F...2266');
    await user.click(within(amounts()).getByRole('radio', { name: /Visionary/ }));
    await declare(user);
    await user.click(screen.getByRole('button', { name: 'Complete Donation' }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual({ title: 'Donation Not Possible', description: refusal, variant: 'destructive' }),
    );
    expect(sendDonation).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
  });

  it('says so, and offers other ways to help, where the rules take no crypto donation', () => {
    giveTerms({
      accepting: false,
      message: 'We do not accept donations in cryptocurrency.',
      otherWays: 'You can still support us.',
    });
    renderPage(new FakeWallet([ACCOUNT], 1));
    expect(screen.getByText('We do not accept donations in cryptocurrency.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/join');
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Supported networks' })).not.toBeInTheDocument();
  });
});
