import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('writes an amount to the cent, or in whole units, in one locale whatever the currency', () => {
    expect(formatMoney('1000', 'USD')).toBe('$1,000.00');
    expect(formatMoney(42.5, 'USD')).toBe('$42.50');
    expect(formatMoney(200, 'USD', { whole: true })).toBe('$200');
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
  });
});
