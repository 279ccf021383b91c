import type { ChainReader, EndpointReads, PriceRound } from './chain-reader.js';
import type { PriceFeedRules } from './donation-rules.js';

/** A donation's value in the rules' currency, and what it was read from. */
export interface Valuation {
  /** Two decimals, e.g. `123.45`. */
  value: string;
  /** The price of 1 ETH, eight decimals. */
  rate: string;
  rounds: Array<Omit<PriceRound, 'answer'> & { answer: string }>;
  /** The feeds whose round was older than their heartbeat allows at the time valued. */
  staleFeeds: string[];
}

const WEI_PER_ETH = 10n ** 18n;
/**
 * How long after its heartbeat a round may still land: Chainlink's documentation says a heartbeat
 * round can take about 40 s to reach the chain under congestion.
 */
export const ROUND_LATENCY_SECONDS = 60;

/** `units` / 10^`decimals`, rounded half up, as a decimal string. */
function fixed(numerator: bigint, denominator: bigint, decimals: number): string {
  const scaled = (numerator * 10n ** BigInt(decimals) * 2n + denominator) / (2n * denominator);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * The value of `amountWei` from the feeds' rounds: each answer multiplies the price (or divides it,
 * inverted), all in integers. A round is stale when it is older than its feed's heartbeat (and the
 * latency a round may take) at `atSeconds`.
 */
export function valuationOf(
  rounds: readonly PriceRound[],
  feeds: readonly PriceFeedRules[],
  amountWei: bigint,
  atSeconds: number,
): Valuation {
  let numerator = 1n;
  let denominator = 1n;
  rounds.forEach((round, index) => {
    const unit = 10n ** BigInt(round.decimals);
    if (feeds[index]?.invert) {
      numerator *= unit;
      denominator *= round.answer;
    } else {
      numerator *= round.answer;
      denominator *= unit;
    }
  });
  return {
    value: fixed(amountWei * numerator, WEI_PER_ETH * denominator, 2),
    rate: fixed(numerator, denominator, 8),
    rounds: rounds.map((round) => ({ ...round, answer: round.answer.toString() })),
    staleFeeds: rounds
      .filter(
        (round, index) => atSeconds - round.updatedAt > (feeds[index]?.heartbeatSeconds ?? 0) + ROUND_LATENCY_SECONDS,
      )
      .map((round) => round.feed),
  };
}

/** The feeds' rounds at `blockTag`, as one reader (or one endpoint) answers them. */
export const roundsAt = (
  reader: Pick<ChainReader | EndpointReads, 'priceRound'>,
  feeds: readonly PriceFeedRules[],
  blockTag: number | 'latest',
) => Promise.all(feeds.map((feed) => reader.priceRound(feed.address, blockTag)));

/** The value of `amountWei` at `blockTag`, judged fresh or stale at `atSeconds` (the block's time, or now). */
export async function valueAt(
  reader: ChainReader,
  feeds: readonly PriceFeedRules[],
  amountWei: bigint,
  blockTag: number | 'latest',
  atSeconds: number,
): Promise<Valuation> {
  return valuationOf(await roundsAt(reader, feeds, blockTag), feeds, amountWei, atSeconds);
}
