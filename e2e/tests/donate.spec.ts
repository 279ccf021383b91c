import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { donationNetwork } from '@party/shared-contracts';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { linkTo, mailTo } from '../support/loopback-mailbox';
import { firefoxSession } from '../support/other-engines';
import { newStaffMember } from '../support/staff-console';
import {
  DONOR,
  LOCAL_ACCOUNTS,
  chainRpc,
  holdNext,
  installTestWallet,
  rejectNext,
  toWei,
  walletPrompts,
} from '../support/test-wallet';

// Donations move one balance on one chain: these tests run one after another.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: requiredEnv('E2E_CHAIN_BASE_URL') });

const rpcUrl = requiredEnv('E2E_CHAIN_RPC_URL');
const polygonRpcUrl = requiredEnv('E2E_POLYGON_RPC_URL');
const rpcUrls = { 31337: rpcUrl, 137: polygonRpcUrl };
// The gateway's donation rules for these chains: where donations arrive, and the declaration.
const rules = JSON.parse(fs.readFileSync(requiredEnv('E2E_DONATION_RULES'), 'utf8')) as {
  networks: Array<{ chainId: number; receivingAddress: string }>;
  declaration: { affirmations: Array<{ id: string; text: string }> };
};
const receivingAddress = (chainId: number) =>
  rules.networks.find((network) => network.chainId === chainId)!.receivingAddress;
const RECEIVER = receivingAddress(31337);
const polygon = { ...donationNetwork(137)!, receivingAddress: receivingAddress(137) };
const balance = async () => BigInt(await chainRpc<string>(rpcUrl, 'eth_getBalance', [RECEIVER, 'latest']));
const sentByDonor = async () => Number(await chainRpc<string>(rpcUrl, 'eth_getTransactionCount', [DONOR, 'latest']));

async function openAndConnect(page: Page, chainId?: number) {
  await installTestWallet(page, { rpcUrls, chainId });
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('0xf39F...2266')).toBeVisible();
}

/** Fills the declaration the rules ask for, once per page: who gives, the affirmations, the privacy policy. */
async function declare(page: Page, fullName = 'Ada Lovelace') {
  const declaration = page.getByRole('group', { name: 'Your declaration' });
  if ((await declaration.getByLabel('Full name').inputValue()) !== '') return;
  for (const [label, value] of [
    ['Full name', fullName],
    ['Email (for your receipt)', 'ada@example.org'],
    ['Street address', '12 Analytical Way'],
    ['City or town', 'Denver'],
    ['State, county or region', 'CO'],
    ['Postal or ZIP code', '80202'],
    ['Occupation', 'Mathematician'],
    ['Employer', 'Self-employed'],
  ] as const) {
    await declaration.getByLabel(label, { exact: true }).fill(value);
  }
  for (const { text } of rules.declaration.affirmations)
    await declaration.getByRole('checkbox', { name: text }).check();
  await declaration.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}

/** Donates what the page has selected; returns the hash the thank-you view shows. */
async function completeDonation(page: Page): Promise<string> {
  await declare(page);
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  return thankYouHash(page);
}

/** The thank-you view, its toast, and the hash it shows. */
async function thankYouHash(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Thank you for your donation' })).toBeVisible();
  await expect(toasts(page).getByText('Donation Successful')).toBeVisible();
  return (await page.locator('code', { hasText: /^0x[0-9a-f]{64}$/ }).textContent()) ?? '';
}

async function expectOnChain(hash: string, amountEth: string) {
  const transaction = await chainRpc<{ to: string; value: string; from: string }>(rpcUrl, 'eth_getTransactionByHash', [
    hash,
  ]);
  expect(transaction.to.toLowerCase()).toBe(RECEIVER.toLowerCase());
  expect(BigInt(transaction.value)).toBe(toWei(amountEth));
  const receipt = await chainRpc<{ status: string }>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
}

test('a donor connects, gives a tier, and the receiving address gains exactly that amount', async ({ page }) => {
  await openAndConnect(page);
  await expect(toasts(page).getByText('Wallet Connected')).toBeVisible();
  await expect(page.getByText('Network: Local development chain')).toBeVisible();
  await expect(page.getByText(`to our receiving address ${RECEIVER}`)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const before = await balance();
  await page.getByRole('radio', { name: /Advocate/ }).check();
  // The wallet asks the donor to sign their declaration first: it names them, the amount and where it goes.
  const signing = await holdNext(page, 'eth_signTypedData_v4');
  await declare(page);
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sign your declaration in your wallet' })).toBeVisible();
  const [account, typedData] = (await signing.params()) as [string, string];
  expect(account.toLowerCase()).toBe(DONOR.toLowerCase());
  expect(JSON.parse(typedData)).toMatchObject({
    primaryType: 'DonationPledge',
    domain: { chainId: 31337 },
    message: {
      statement: expect.stringMatching(
        /^I, Ada Lovelace, give 0\.05 ETH of my own, from this wallet, which I control, to The Refoundation Party\./,
      ),
      recipient: RECEIVER,
      amount: toWei('0.05').toString(),
    },
  });
  expect(await balance()).toBe(before);
  await signing.release();
  const hash = await thankYouHash(page);

  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await expectOnChain(hash, '0.05');
  expect((await balance()) - before).toBe(toWei('0.05'));
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Make Another Donation' }).click();
  await expect(page.getByRole('button', { name: 'Complete Donation' })).toBeVisible();
});

test('a custom amount arrives to the wei', async ({ page }) => {
  await openAndConnect(page);
  const before = await balance();
  await page.getByRole('checkbox', { name: 'Enter a custom amount' }).check();
  await page.getByLabel('Custom amount (ETH)').fill('0.123');
  const hash = await completeDonation(page);

  await expectOnChain(hash, '0.123');
  expect((await balance()) - before).toBe(toWei('0.123'));
});

test('in Firefox, with the test wallet as its extension: a donor connects, gives a tier, and the receiving address gains exactly that amount', async () => {
  test.setTimeout(60_000);
  // An account of its own: the other tests' totals and the cap are counted by sender.
  const donor = LOCAL_ACCOUNTS[4];
  const session = await firefoxSession(requiredEnv('E2E_CHAIN_BASE_URL'), '/this/page/does-not-exist', {
    wallet: { rpcUrls, account: donor },
  });
  try {
    await session.open('/donate');
    await session.clickButton('Connect Wallet');
    await session.waitFor(
      `document.body.textContent.includes(${JSON.stringify(`${donor.slice(0, 6)}...${donor.slice(-4)}`)}) && document.body.textContent.includes("Wallet Connected")`,
      'the wallet connected',
    );
    const before = await balance();
    await session.click('input[name="tier"][value="advocate"]');
    await session.waitFor(
      'document.querySelector(\'input[name="tier"][value="advocate"]\').checked',
      'the Advocate tier chosen',
    );
    for (const [field, value] of Object.entries({
      fullName: 'Mary Somerville',
      email: 'mary@example.org',
      streetAddress: '12 Analytical Way',
      city: 'Denver',
      region: 'CO',
      postalCode: '80202',
      occupation: 'Astronomer',
      employer: 'Self-employed',
    })) {
      await session.type(`input[name="${field}"]`, value);
    }
    for (const { id } of rules.declaration.affirmations)
      await session.click(`input[name="affirmations"][value="${id}"]`);
    await session.click('input[name="privacy"]');
    await session.clickButton('Complete Donation');
    await session.waitFor(
      'document.body.textContent.includes("Thank you for your donation") && document.body.textContent.includes("Donation Successful")',
      'the thank-you and its toast',
    );
    const hash = await session.evaluate<string>(
      '[...document.querySelectorAll("code")].map((code) => code.textContent).find((text) => /^0x[0-9a-f]{64}$/.test(text))',
    );
    await expectOnChain(hash, '0.05');
    expect((await balance()) - before).toBe(toWei('0.05'));
    expect(await session.problems()).toEqual([]);
  } finally {
    await session.close();
  }
});

test('rejecting in the wallet returns calmly: no alarm, nothing sent', async ({ page }) => {
  await installTestWallet(page, { rpcUrls });
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');
  await rejectNext(page, 'eth_requestAccounts');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(toasts(page).getByText('Connection cancelled')).toBeVisible();
  await expect(toasts(page).getByText('Connection Failed')).toHaveCount(0);

  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('0xf39F...2266')).toBeVisible();
  const before = await balance();
  await declare(page);
  await rejectNext(page, 'eth_signTypedData_v4');
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(
    toasts(page).getByText('You declined to sign your declaration in your wallet. Nothing was sent.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
  await rejectNext(page, 'eth_sendTransaction');
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(toasts(page).getByText('Donation cancelled')).toBeVisible();
  await expect(toasts(page).getByText('You cancelled the transaction in your wallet. Nothing was sent.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
  await expect(toasts(page).getByText('Donation Failed')).toHaveCount(0);
  expect(await balance()).toBe(before);
});

test('a wallet whose network cannot be reached is told so within seconds, and can try again', async ({ page }) => {
  // Nothing listens on port 9 (discard): every call the wallet forwards to its node fails.
  await installTestWallet(page, { rpcUrls: { 31337: 'http://127.0.0.1:9' } });
  await page.goto('/donate');
  await expectPage(page, 'Fund the refoundation.');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('0xf39F...2266')).toBeVisible();

  await declare(page);
  const started = Date.now();
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(toasts(page).getByText('Network Unreachable')).toBeVisible({ timeout: 12_000 });
  expect(Date.now() - started).toBeLessThan(12_000);
  await expect(toasts(page).getByText(/^Your wallet could not reach Local development chain\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
});

test('a wallet on an unsupported network is offered a switch, then donates', async ({ page }) => {
  await openAndConnect(page, 5);
  await expect(page.getByText('Network: unsupported (chain 5)')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(toasts(page).getByText('Unsupported Network')).toBeVisible();

  await page.getByRole('button', { name: 'Switch to Local development chain' }).click();
  await expect(page.getByText('Network: Local development chain')).toBeVisible();
  const hash = await completeDonation(page);
  await expectOnChain(hash, '0.01');
});

test('a reload with the flag set reconnects without a wallet prompt', async ({ page }) => {
  await openAndConnect(page);
  expect(await page.evaluate(() => localStorage.getItem('walletConnected'))).toBe('true');

  await page.reload();
  await expectPage(page, 'Fund the refoundation.');
  await expect(page.getByText('0xf39F...2266')).toBeVisible();
  expect(await walletPrompts(page)).toBe(0);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toasts(page).getByText('Wallet Disconnected')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('walletConnected'))).toBeNull();
});

test('on Polygon, the donation travels as WETH, never as POL, and arrives in full', async ({ page }) => {
  if (polygon.asset.kind !== 'erc20') throw new Error('Polygon donations travel as an ERC-20');
  const weth = polygon.asset.address;
  const wethBalance = async (owner: string) =>
    BigInt(
      await chainRpc<string>(polygonRpcUrl, 'eth_call', [
        { to: weth, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}` },
        'latest',
      ]),
    );
  const polBalance = async () =>
    BigInt(await chainRpc<string>(polygonRpcUrl, 'eth_getBalance', [polygon.receivingAddress, 'latest']));

  await openAndConnect(page, 137);
  await expect(page.getByText('Network: Polygon')).toBeVisible();
  await expect(
    page.getByText(`Sent in ETH (sent as WETH) on Polygon to our receiving address ${polygon.receivingAddress}`),
  ).toBeVisible();

  const [wethBefore, polBefore] = [await wethBalance(polygon.receivingAddress), await polBalance()];
  await page.getByRole('radio', { name: /Advocate/ }).check();
  const hash = await completeDonation(page);

  expect(await wethBalance(polygon.receivingAddress)).toBe(wethBefore + toWei('0.05'));
  expect(await polBalance()).toBe(polBefore);
  const transaction = await chainRpc<{ to: string; value: string }>(polygonRpcUrl, 'eth_getTransactionByHash', [hash]);
  expect(transaction.to.toLowerCase()).toBe(weth.toLowerCase());
  expect(BigInt(transaction.value)).toBe(0n);
  await expect(page.getByRole('link', { name: /block explorer/ })).toHaveAttribute(
    'href',
    `https://polygonscan.com/tx/${hash}`,
  );

  // More than the donor's WETH: said plainly, before the wallet is asked, and nothing moves.
  await page.getByRole('button', { name: 'Make Another Donation' }).click();
  await page.getByRole('checkbox', { name: 'Enter a custom amount' }).check();
  await page.getByLabel('Custom amount (ETH)').fill('1');
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(toasts(page).getByText(/Your wallet holds 0\.95 WETH on Polygon: not enough for 1 ETH\./)).toBeVisible();
  expect(await wethBalance(polygon.receivingAddress)).toBe(wethBefore + toWei('0.05'));
});

test('a donation over the cap is refused with the reason before the wallet is asked, and nothing is sent', async ({
  page,
  expectProblems,
}) => {
  // The gateway's refusal is a 409, which Chromium reports on the console.
  expectProblems(/status of 409/);
  await openAndConnect(page);
  const [before, sent] = [await balance(), await sentByDonor()];
  await page.getByRole('checkbox', { name: 'Enter a custom amount' }).check();
  await page.getByLabel('Custom amount (ETH)').fill('3');
  await declare(page);
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  await expect(
    toasts(page).getByText(
      /^We may accept at most \$5,000\.00 from one person for the 2026 election\. This donation is worth \$6,000\.00 now; you can give up to \$[\d,.]+ more\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
  expect([await balance(), await sentByDonor()]).toEqual([before, sent]);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the declaration is asked for before the wallet: each field says what it needs, and the first takes focus', async ({
  page,
}) => {
  await openAndConnect(page);
  const sent = await sentByDonor();
  await page.getByRole('button', { name: 'Complete Donation' }).click();
  const name = page.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Please enter your full name');
  await expect(page.getByLabel('Occupation')).toHaveAccessibleDescription('Please enter your occupation');
  await expect(page.getByText('Please confirm each statement to donate')).toBeVisible();
  expect(await sentByDonor()).toBe(sent);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a donation above the disclosure threshold is verified, then published with the donor’s name and nothing else of theirs', async ({
  page,
}) => {
  await openAndConnect(page);
  await page.getByRole('checkbox', { name: 'Enter a custom amount' }).check();
  await page.getByLabel('Custom amount (ETH)').fill('0.15');
  await declare(page, 'Katherine Johnson');
  const hash = await completeDonation(page);
  await expect(page.getByText(/It is in our (public )?ledger/)).toBeVisible();

  await page.getByRole('link', { name: 'See the ledger' }).click();
  await expectPage(page, 'Our public ledger.');
  const row = page.getByRole('row', { name: /Katherine Johnson/ });
  await expect(row).toContainText('0.15');
  await expect(row).toContainText('$300.00');
  await expect(row).toContainText(hash.slice(0, 10));
  await expect(page.getByText('ada@example.org')).toHaveCount(0);
  await expect(page.getByText('12 Analytical Way')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Loaded afresh, the page arrives with its figures in the HTML.
  const html = await (await page.request.get('/donate/ledger')).text();
  expect(html).toMatch(/<th scope="row">Katherine Johnson<\/th>/);
  expect(html).not.toContain('ada@example.org');
});

test('the treasurer sees that donation with its declaration and value, and downloads the regulator’s CSV', async ({
  page,
}) => {
  await newStaffMember(page, 'treasurer', { baseUrlEnv: 'E2E_CHAIN_BASE_URL', dataDirEnv: 'E2E_CHAIN_DATA_DIR' });
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText([
    'Donations',
    'Your sign-in',
  ]);
  const row = page.getByRole('row', { name: /Katherine Johnson/ });
  await expect(row).toContainText('0.15');
  await expect(row).toContainText('$300.00');
  await expect(row).toContainText('confirmed');
  expect(await accessibilityViolations(page)).toEqual([]);

  const csv = await page.request.get('/api/staff/donations.csv');
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toMatch(
    /^Contributor name,Street,City,State,ZIP,Occupation,Employer,Date of receipt,Amount \(USD\)/,
  );
  expect(text).toMatch(
    /Katherine Johnson,12 Analytical Way,Denver,CO,80202,Mathematician,Self-employed,\d{4}-\d{2}-\d{2},300\.00,/,
  );

  // A transfer made outside the site shows as undeclared, first, with its deadline; the treasurer records its return.
  const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const outside = await chainRpc<string>(rpcUrl, 'eth_sendTransaction', [
    { from: SENDER, to: RECEIVER, value: `0x${toWei('0.027').toString(16)}` },
  ]);
  const undeclared = page.getByRole('row', { name: /Undeclared/ }).filter({ hasText: '0.027' });
  await expect(async () => {
    await page.reload();
    await expect(undeclared).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(undeclared).toContainText(/by \d{4}-\d{2}-\d{2}/);
  await chainRpc(rpcUrl, 'hardhat_impersonateAccount', [RECEIVER]);
  const refund = await chainRpc<string>(rpcUrl, 'eth_sendTransaction', [
    { from: RECEIVER, to: SENDER, value: `0x${toWei('0.027').toString(16)}` },
  ]);
  await chainRpc(rpcUrl, 'hardhat_stopImpersonatingAccount', [RECEIVER]);
  const action = page.locator('details', { hasText: '0.027 ETH' });
  await action.locator('summary').click();
  await expect(action.getByLabel('Refund transaction hash')).toHaveAccessibleDescription(
    `First send back at least 0.027 ETH from the receiving address to ${SENDER.toLowerCase()}. Refunds in several transactions add up.`,
  );
  await action.getByLabel('Refund transaction hash').fill(refund);
  await action.getByRole('button', { name: 'Record the refund' }).click();
  await expect(toasts(page).getByText('Refund recorded')).toBeVisible();
  await expect(toasts(page).getByText('The return of 0.027 ETH is recorded.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: outside.slice(0, 10) })).toContainText('confirmed, returned');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a receipt asks the donor to confirm their email, and its link confirms it, with or without the page’s code', async ({
  page,
  browser,
  baseURL,
}) => {
  // The receipts of the donations above, sent once each was confirmed on the chain.
  const receipts = await mailTo(requiredEnv('E2E_MAIL_DIR'), 'ada@example.org', {
    where: (mail) => mail.subject === 'Your donation to The Refoundation Party: receipt',
    timeoutMs: 30_000,
  });
  expect(receipts[0]!.text).toContain('If you made this donation, please confirm that this address is yours.');
  const linkOf = (index: number) => {
    const link = new URL(linkTo(receipts[index]!, '/donate/confirm-email'));
    return `${link.pathname}${link.search}`;
  };

  await page.goto(linkOf(0));
  await expectPage(page, 'Is this address yours?');
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm this address is mine' }).press('Enter');
  await expect(page.getByRole('status')).toContainText('Your address is confirmed');
  await expect(page.getByRole('status')).toBeFocused();

  // Without the page's code, the form posts to its page and the gateway answers with it done.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const plain = await noScript.newPage();
    await plain.goto(linkOf(receipts.length - 1));
    await plain.getByRole('button', { name: 'Confirm this address is mine' }).click();
    await expect(plain.getByRole('status')).toContainText('Your address is confirmed');
    // A link cut short is refused in words, not acted on.
    await plain.goto(`/donate/confirm-email?token=${'x'.repeat(36)}.0.${'x'.repeat(43)}`);
    await plain.getByRole('button', { name: 'Confirm this address is mine' }).click();
    await expect(plain.getByRole('alert')).toContainText('This link has expired or is not complete.');
  } finally {
    await noScript.close();
  }
});
