import type { ChainReader, PriceRound } from './chain-reader.js';
import type { NetworkRules } from './donation-rules.js';

/** A donation's value in the rules' currency, and what it was read from. */
export interface Valuation {
  /** Two decimals, e.g. `123.45`. */
  value: string;
  /** The price of 1 ETH, eight decimals. */
  rate: string;
  rounds: Array<Omit<PriceRound, 'answer'> & { answer: string }>;
}

const WEI_PER_ETH = 10n ** 18n;

/** `units` / 10^`decimals`, rounded half up, as a decimal string. */
function fixed(numerator: bigint, denominator: bigint, decimals: number): string {
  const scaled = (numerator * 10n ** BigInt(decimals) * 2n + denominator) / (2n * denominator);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * The value of `amountWei` at `blockTag`, from the network's price feeds: each feed's answer at that
 * block multiplies the price (or divides it, inverted), all in integers.
 */
export async function valueAt(reader: ChainReader, feeds: NetworkRules['priceFeeds'], amountWei: bigint, blockTag: number | 'latest'): Promise<Valuation> {
  const rounds = await Promise.all(feeds.map((feed) => reader.priceRound(feed.address, blockTag)));
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
  };
}
