import type { ChainReader, PriceRound } from './chain-reader.js';
import { ROUND_LATENCY_SECONDS, valueAt } from './donation-value.js';

const reader = (answers: Record<string, { answer: bigint; decimals: number; updatedAt?: number }>) =>
  ({
    priceRound: async (feed: string): Promise<PriceRound> => ({ feed, roundId: '7', updatedAt: 1, ...answers[feed]! }),
  }) as unknown as ChainReader;

describe('valueAt', () => {
  it('values ETH with one feed, to the cent, rounding half up', async () => {
    const valued = await valueAt(
      reader({ usd: { answer: 312_345_678_901n, decimals: 8 } }),
      [{ address: 'usd', invert: false, heartbeatSeconds: 3600 }],
      10n ** 16n + 5n * 10n ** 13n,
      100,
      1,
    );
    expect(valued).toEqual({
      value: '31.39',
      rate: '3123.45678901',
      rounds: [{ feed: 'usd', roundId: '7', updatedAt: 1, answer: '312345678901', decimals: 8 }],
      staleFeeds: [],
    });
  });

  it('divides by an inverted feed: ETH/USD then GBP/USD gives pounds', async () => {
    const feeds = reader({
      ethUsd: { answer: 250_000_000_000n, decimals: 8 },
      gbpUsd: { answer: 125_000_000n, decimals: 8 },
    });
    const valued = await valueAt(
      feeds,
      [
        { address: 'ethUsd', invert: false, heartbeatSeconds: 3600 },
        { address: 'gbpUsd', invert: true, heartbeatSeconds: 86_400 },
      ],
      10n ** 18n,
      'latest',
      1,
    );
    expect(valued).toMatchObject({ value: '2000.00', rate: '2000.00000000', staleFeeds: [] });
  });

  it('names each feed whose round is older than its heartbeat allows, each judged by its own', async () => {
    const now = 1_000_000;
    const feeds = reader({
      ethUsd: { answer: 250_000_000_000n, decimals: 8, updatedAt: now - 3600 - ROUND_LATENCY_SECONDS - 1 },
      gbpUsd: { answer: 125_000_000n, decimals: 8, updatedAt: now - 80_000 },
    });
    const rules = [
      { address: 'ethUsd', invert: false, heartbeatSeconds: 3600 },
      { address: 'gbpUsd', invert: true, heartbeatSeconds: 86_400 },
    ];
    expect((await valueAt(feeds, rules, 10n ** 18n, 'latest', now)).staleFeeds).toEqual(['ethUsd']);
    expect((await valueAt(feeds, rules, 10n ** 18n, 'latest', now - 1)).staleFeeds).toEqual([]);
  });
});
