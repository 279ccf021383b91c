import { compareIsoDates } from './iso-dates';

describe('compareIsoDates', () => {
  it('orders days across months and years, equal days as equal', () => {
    expect(['2027-01-14', '2026-12-03', '2026-09-30', '2026-12-03'].sort(compareIsoDates)).toEqual([
      '2026-09-30',
      '2026-12-03',
      '2026-12-03',
      '2027-01-14',
    ]);
    expect(compareIsoDates('2026-12-03', '2026-12-03')).toBe(0);
  });
});
