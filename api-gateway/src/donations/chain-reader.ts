import { Contract, FetchRequest, JsonRpcProvider, Network, zeroPadValue, type Block, type Log, type TransactionReceipt, type TransactionResponse } from 'ethers';
import type { Logger } from '../logger.js';

/** No RPC endpoint of a network answered in time: the caller answers 503 or tries again later. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  readonly status = 503;
  readonly expose = true;
  constructor(chainId: number, cause: unknown) {
    super(`We cannot reach the network (chain ${chainId}) just now. Please try again in a few minutes.`, { cause });
  }
}

const AGGREGATOR_ABI = [
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
];

/** One round of a Chainlink aggregator, as read at a block. */
export interface PriceRound {
  feed: string;
  roundId: string;
  answer: bigint;
  decimals: number;
  updatedAt: number;
}

/** What the gateway reads of one network, over JSON-RPC. Every read tries each RPC URL in turn. */
export interface ChainReader {
  readonly chainId: number;
  transaction(hash: string): Promise<TransactionResponse | null>;
  receipt(hash: string): Promise<TransactionReceipt | null>;
  blockNumber(): Promise<number>;
  /** The newest block the chain calls finalized (`finalized` tag). */
  finalizedBlockNumber(): Promise<number>;
  block(number: number, withTransactions?: boolean): Promise<Block | null>;
  /** How many transactions `account` had sent by `blockTag` (its next nonce). */
  nonceOf(account: string, blockTag?: number | 'latest'): Promise<number>;
  priceRound(feed: string, blockTag: number | 'latest'): Promise<PriceRound>;
  /** The logs of `token`'s events with `topic` whose second indexed argument is `recipient`, in those blocks. */
  logsTo(token: string, topic: string, recipient: string, fromBlock: number, toBlock: number): Promise<Log[]>;
  close(): void;
}

/**
 * A reader of one network over its RPC URLs, in order: a URL that fails or does not answer within
 * `timeoutMs` is passed over for the next. The URLs never leave the gateway.
 */
export function chainReader(chainId: number, rpcUrls: readonly string[], logger: Logger, { timeoutMs = 4_000 } = {}): ChainReader {
  const network = Network.from(chainId);
  const providers = rpcUrls.map((url) => {
    const request = new FetchRequest(url);
    request.timeout = timeoutMs;
    // No cache: a re-check must see the chain as it is now, not as it was a moment ago.
    return { url: new URL(url).host, provider: new JsonRpcProvider(request, network, { staticNetwork: network, batchMaxCount: 1, cacheTimeout: -1 }) };
  });

  async function read<T>(question: (provider: JsonRpcProvider) => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (const { url, provider } of providers) {
      let timer: NodeJS.Timeout | undefined;
      try {
        // FetchRequest's timeout covers the request; this covers everything a read does.
        const silence = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        return await Promise.race([question(provider), silence]);
      } catch (error) {
        lastError = error;
        logger.warn({ chainId, rpc: url, err: error }, 'an RPC endpoint failed; trying the next');
      } finally {
        clearTimeout(timer);
      }
    }
    throw new ChainUnavailableError(chainId, lastError);
  }

  return {
    chainId,
    transaction: (hash) => read((provider) => provider.getTransaction(hash)),
    receipt: (hash) => read((provider) => provider.getTransactionReceipt(hash)),
    blockNumber: () => read((provider) => provider.getBlockNumber()),
    finalizedBlockNumber: () =>
      read(async (provider) => {
        const block = await provider.getBlock('finalized');
        if (!block) throw new Error('the node names no finalized block');
        return block.number;
      }),
    block: (number, withTransactions = false) => read((provider) => provider.getBlock(number, withTransactions)),
    nonceOf: (account, blockTag = 'latest') => read((provider) => provider.getTransactionCount(account, blockTag)),
    priceRound: (feed, blockTag) =>
      read(async (provider) => {
        const aggregator = new Contract(feed, AGGREGATOR_ABI, provider);
        const [round, decimals] = await Promise.all([aggregator.getFunction('latestRoundData')({ blockTag }), aggregator.getFunction('decimals')({ blockTag })]);
        const [roundId, answer, , updatedAt] = round as [bigint, bigint, bigint, bigint];
        if (answer <= 0n) throw new Error(`the price feed ${feed} answered ${answer}`);
        return { feed, roundId: roundId.toString(), answer, decimals: Number(decimals), updatedAt: Number(updatedAt) };
      }),
    logsTo: (token, topic, recipient, fromBlock, toBlock) =>
      read((provider) => provider.getLogs({ address: token, topics: [topic, null, zeroPadValue(recipient, 32)], fromBlock, toBlock })),
    close: () => providers.forEach(({ provider }) => provider.destroy()),
  };
}
