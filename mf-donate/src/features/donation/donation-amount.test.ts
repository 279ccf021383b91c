import { isValidDonationAmount } from './donation-amount';

describe('isValidDonationAmount', () => {
  it('accepts decimal ETH of at least 0.001 in steps of 0.001', () => {
    for (const amount of ['0.001', '0.002', '1', '.5', '2.', '0.0010', '12.345', ' 3 '])
      expect(isValidDonationAmount(amount)).toBe(true);
  });

  it('refuses amounts below the minimum or between steps', () => {
    for (const amount of ['0.0009', '0.000000000000000001', '0.0015', '1.0001'])
      expect(isValidDonationAmount(amount)).toBe(false);
  });

  it('refuses what is not a decimal ETH amount', () => {
    for (const amount of ['', '0', '0.0', '-0.1', '1e3', '0.0000000000000000001', '1,5', ' ', '.', 'abc'])
      expect(isValidDonationAmount(amount)).toBe(false);
  });
});
