import { Contract, FetchRequest, JsonRpcProvider, Network, zeroPadValue, type Block, type Log, type TransactionReceipt, type TransactionResponse } from 'ethers';
import type { Logger } from '../../platform/index.js';

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

/** A transfer of the network's coin made by a contract inside a transaction (an internal transaction). */
export interface InternalTransfer {
  txHash: string;
  from: string;
  to: string;
  amountWei: bigint;
}

interface CallFrame {
  from: string;
  to?: string;
  value?: string;
  error?: string;
  calls?: CallFrame[];
}

interface ParityTrace {
  type: string;
  action: { from: string; to?: string; value?: string };
  error?: string;
  traceAddress: number[];
  transactionHash: string;
}

/** The value transfers inside calls of a Geth `callTracer` tree (never the transaction itself, nor a failed call's). */
export function callTreeTransfers(txHash: string, root: CallFrame): InternalTransfer[] {
  if (root.error) return [];
  const found: InternalTransfer[] = [];
  const walk = (frame: CallFrame) => {
    if (frame.error) return;
    if (frame.to && frame.value && BigInt(frame.value) > 0n) found.push({ txHash, from: frame.from.toLowerCase(), to: frame.to.toLowerCase(), amountWei: BigInt(frame.value) });
    frame.calls?.forEach(walk);
  };
  root.calls?.forEach(walk);
  return found;
}

/** The same from Parity/Erigon `trace_block` traces: calls below a transaction's own, in transactions that did not fail. */
export function parityTraceTransfers(traces: readonly ParityTrace[]): InternalTransfer[] {
  const failed = new Set(traces.filter((trace) => trace.traceAddress.length === 0 && trace.error).map((trace) => trace.transactionHash));
  return traces
    .filter((trace) => trace.type === 'call' && trace.traceAddress.length > 0 && !trace.error && !failed.has(trace.transactionHash) && trace.action.to && BigInt(trace.action.value ?? 0) > 0n)
    .map((trace) => ({ txHash: trace.transactionHash, from: trace.action.from.toLowerCase(), to: trace.action.to!.toLowerCase(), amountWei: BigInt(trace.action.value!) }));
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
  /**
   * The internal transfers in a block, through the node's trace API (`trace_block`, else
   * `debug_traceBlockByNumber` with the call tracer); null when the node offers neither.
   */
  internalTransfers(blockNumber: number): Promise<InternalTransfer[] | null>;
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

  /** Which trace method the node answers, once known; `none` when it answers neither. */
  let traceMethod: 'trace_block' | 'debug_traceBlockByNumber' | 'none' | undefined;
  const unsupported = (error: unknown) => /method not found|not supported|does not exist|not available|unknown method/i.test(String((error as Error).message ?? error)) || (error as { error?: { code?: number } }).error?.code === -32601;

  async function internalTransfers(blockNumber: number): Promise<InternalTransfer[] | null> {
    const tag = `0x${blockNumber.toString(16)}`;
    for (const method of ['trace_block', 'debug_traceBlockByNumber'] as const) {
      if (traceMethod !== undefined && traceMethod !== method) continue;
      try {
        const answer = await read((provider) =>
          method === 'trace_block' ? provider.send(method, [tag]) : provider.send(method, [tag, { tracer: 'callTracer' }]),
        ) as unknown;
        traceMethod = method;
        if (method === 'trace_block') return parityTraceTransfers(answer as ParityTrace[]);
        return (answer as Array<{ txHash: string; result: CallFrame }>).flatMap((trace) => callTreeTransfers(trace.txHash, trace.result));
      } catch (error) {
        if (traceMethod === method || !unsupported((error as { cause?: unknown }).cause ?? error)) throw error;
      }
    }
    if (traceMethod === undefined) logger.info({ chainId }, 'the RPC offers no trace API: transfers made by contracts (internal transactions) are not seen');
    traceMethod = 'none';
    return null;
  }

  return {
    chainId,
    internalTransfers: (blockNumber) => (traceMethod === 'none' ? Promise.resolve(null) : internalTransfers(blockNumber)),
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
