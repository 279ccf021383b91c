import { readDonationRules, type LedgerRules } from './donation-rules.js';
import { standings } from './donation-attention.js';
import type { LedgerRow } from './donor-totals.js';
import { localDonationRules, writeDonationRules } from '../testing/local-chain.js';

// The treasurer's bookkeeping under local rules: a $1,000 cap since 2025, a declaration for every
// donation, 30 days to resolve an undeclared one, 60 to return an excess.
const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' } as Parameters<typeof localDonationRules>[0][number];
const rules = readDonationRules(writeDonationRules(localDonationRules([chain]))) as LedgerRules;
const ETH = 10n ** 18n;

let ids = 0;
function gift(change: Partial<LedgerRow> = {}): LedgerRow {
  ids += 1;
  return {
    id: String(ids),
    status: 'confirmed',
    amount_wei: (ETH / 10n).toString(),
    refunded_wei: '0',
    value: '200.00',
    reported_at: new Date(`2026-06-${String(ids).padStart(2, '0')}T12:00:00Z`),
    received_at: new Date(`2026-06-${String(ids).padStart(2, '0')}T12:00:00Z`),
    sender: `0x${String(ids).padStart(40, '0')}`,
    pledge_id: `pledge-${ids}`,
    declared: true,
    email_confirmed: false,
    full_name: `Person ${ids}`,
    postal_code: '80202',
    email: `person${ids}@example.org`,
    resolution: null,
    disputed: false,
    currency: 'USD',
    ...change,
  };
}

describe('what each donation needs of the treasurer', () => {
  it('flags the gift that takes one donor past the cap, joined by address, spelling or email, with the excess to return and its deadline', () => {
    const first = gift({ sender: '0xw1', full_name: 'Grace Hopper', postal_code: '10001', value: '600.00' });
    // The same wallet, under another spelling of the name.
    const second = gift({ sender: '0xw1', full_name: 'G. M. Hopper', postal_code: '10001', value: '300.00' });
    // Another wallet, in look-alike letters.
    const third = gift({
      sender: '0xw2',
      full_name: 'Grасе Нoppеr',
      postal_code: '10001',
      value: '200.00',
      amount_wei: (ETH / 10n).toString(),
    });
    // Another wallet and name, the second gift's email.
    const fourth = gift({
      sender: '0xw3',
      full_name: 'Rear Admiral Hopper',
      postal_code: '20001',
      email: second.email,
      value: '100.00',
    });
    const other = gift({ value: '900.00' });
    const standing = standings([first, second, third, fourth, other], rules);
    expect(standing.get(first.id)).toMatchObject({
      attention: [],
      periodTotalCents: 60_000,
      toReturnWei: null,
      deadline: null,
    });
    expect(standing.get(second.id)).toMatchObject({ attention: [], periodTotalCents: 90_000 });
    // $1,100 with it: $100 of its $200 is over, so half its ETH goes back, within 60 days of its receipt.
    expect(standing.get(third.id)).toEqual({
      attention: ['over-cap'],
      periodTotalCents: 110_000,
      toReturnWei: ETH / 20n,
      deadline: new Date(third.received_at!.getTime() + 60 * 86_400_000),
    });
    expect(standing.get(fourth.id)).toMatchObject({
      attention: ['over-cap'],
      periodTotalCents: 120_000,
      toReturnWei: ETH / 10n,
    });
    expect(standing.get(other.id)).toMatchObject({ attention: [], periodTotalCents: 90_000 });
  });

  it('takes refunds off: an excess returned leaves the donor at the cap, and nothing more to return', () => {
    const first = gift({ sender: '0xr1', value: '800.00' });
    const second = gift({
      sender: '0xr1',
      value: '400.00',
      amount_wei: (ETH / 5n).toString(),
      refunded_wei: (ETH / 10n).toString(),
      resolution: 'excess-returned',
    });
    const standing = standings([first, second], rules);
    expect(standing.get(second.id)).toMatchObject({ attention: [], periodTotalCents: 100_000, toReturnWei: null });
  });

  it('gives an undeclared transfer 30 days, to declare or return whole; a dropped one needs nothing but says so', () => {
    const undeclared = gift({ pledge_id: null, declared: false, full_name: null, email: null });
    const dropped = gift({ status: 'dropped' });
    const standing = standings([undeclared, dropped], rules);
    expect(standing.get(undeclared.id)).toEqual({
      attention: ['undeclared'],
      toReturnWei: ETH / 10n,
      periodTotalCents: 20_000,
      deadline: new Date(undeclared.received_at!.getTime() + 30 * 86_400_000),
    });
    expect(standing.get(dropped.id)).toMatchObject({ attention: ['dropped'], deadline: null, toReturnWei: null });
  });

  it('lists for return whatever arrives once the rules have closed, and shows a disputed one', () => {
    const closed = {
      ...rules,
      accepting: false as const,
      message: 'No.',
      otherWays: 'Join.',
      closedSince: '2026-06-10',
    } as LedgerRules;
    const before = gift({ received_at: new Date('2026-06-09T23:59:59Z') });
    const after = gift({ received_at: new Date('2026-06-10T00:00:00Z') });
    const disputed = gift({ disputed: true, status: 'received', received_at: new Date('2026-06-11T00:00:00Z') });
    const standing = standings([before, after, disputed], closed);
    expect(standing.get(before.id)!.attention).toEqual([]);
    expect(standing.get(after.id)).toMatchObject({
      attention: ['closed'],
      toReturnWei: ETH / 10n,
      deadline: new Date(after.received_at!.getTime() + 30 * 86_400_000),
    });
    expect(standing.get(disputed.id)).toMatchObject({ attention: ['closed', 'disputed'] });
  });
});
