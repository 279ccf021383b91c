import type { ChainReader, PriceRound } from './chain-reader.js';
import { valueAt } from './donation-value.js';

const reader = (answers: Record<string, { answer: bigint; decimals: number }>) =>
  ({
    priceRound: async (feed: string): Promise<PriceRound> => ({ feed, roundId: '7', updatedAt: 1, ...answers[feed]! }),
  }) as unknown as ChainReader;

describe('valueAt', () => {
  it('values ETH with one feed, to the cent, rounding half up', async () => {
    const valued = await valueAt(reader({ usd: { answer: 312_345_678_901n, decimals: 8 } }), [{ address: 'usd', invert: false }], 10n ** 16n + 5n * 10n ** 13n, 100);
    expect(valued).toEqual({ value: '31.39', rate: '3123.45678901', rounds: [{ feed: 'usd', roundId: '7', updatedAt: 1, answer: '312345678901', decimals: 8 }] });
  });

  it('divides by an inverted feed: ETH/USD then GBP/USD gives pounds', async () => {
    const feeds = reader({ ethUsd: { answer: 250_000_000_000n, decimals: 8 }, gbpUsd: { answer: 125_000_000n, decimals: 8 } });
    const valued = await valueAt(feeds, [{ address: 'ethUsd', invert: false }, { address: 'gbpUsd', invert: true }], 10n ** 18n, 'latest');
    expect(valued).toMatchObject({ value: '2000.00', rate: '2000.00000000' });
  });
});
