import {
  Contract,
  FetchRequest,
  JsonRpcProvider,
  Network,
  zeroPadValue,
  type Block,
  type Log,
  type TransactionReceipt,
  type TransactionResponse,
} from 'ethers';
import type { Logger } from '../platform/index.js';
import type { NetworkHealth } from './network-health.js';

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
    if (frame.to && frame.value && BigInt(frame.value) > 0n)
      found.push({
        txHash,
        from: frame.from.toLowerCase(),
        to: frame.to.toLowerCase(),
        amountWei: BigInt(frame.value),
      });
    frame.calls?.forEach(walk);
  };
  root.calls?.forEach(walk);
  return found;
}

/** The same from Parity/Erigon `trace_block` traces: calls below a transaction's own, in transactions that did not fail. */
export function parityTraceTransfers(traces: readonly ParityTrace[]): InternalTransfer[] {
  const failed = new Set(
    traces.filter((trace) => trace.traceAddress.length === 0 && trace.error).map((trace) => trace.transactionHash),
  );
  return traces
    .filter(
      (trace) =>
        trace.type === 'call' &&
        trace.traceAddress.length > 0 &&
        !trace.error &&
        !failed.has(trace.transactionHash) &&
        trace.action.to &&
        BigInt(trace.action.value ?? 0) > 0n,
    )
    .map((trace) => ({
      txHash: trace.transactionHash,
      from: trace.action.from.toLowerCase(),
      to: trace.action.to!.toLowerCase(),
      amountWei: BigInt(trace.action.value!),
    }));
}

/** What one RPC endpoint answered to a question asked of every endpoint at once, or why it did not. */
export type EndpointAnswer<T> = { rpc: string; answer: T } | { rpc: string; error: string };

/** What the gateway reads of one network, over JSON-RPC. Every read tries each RPC URL in turn. */
export interface ChainReader {
  readonly chainId: number;
  /** How many endpoints must agree before a donation is confirmed: two where two or more are configured. */
  readonly quorum: number;
  transaction(hash: string): Promise<TransactionResponse | null>;
  receipt(hash: string): Promise<TransactionReceipt | null>;
  blockNumber(): Promise<number>;
  /** The newest block the chain calls finalized (`finalized` tag). */
  finalizedBlockNumber(): Promise<number>;
  block(number: number | 'latest', withTransactions?: boolean): Promise<Block | null>;
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
  /** Asks every endpoint at once, each on its own: to compare what they say. */
  everyEndpoint<T>(question: (endpoint: EndpointReads) => Promise<T>): Promise<Array<EndpointAnswer<T>>>;
  /** Checks that every endpoint serves this chain (`eth_chainId`); one serving another is never used. */
  verifyEndpoints(): Promise<void>;
  close(): void;
}

/** The reads one endpoint answers alone. */
export type EndpointReads = Pick<
  ChainReader,
  'transaction' | 'receipt' | 'blockNumber' | 'finalizedBlockNumber' | 'priceRound'
>;

interface Endpoint {
  rpc: string;
  provider: JsonRpcProvider;
  /** Whether it serves the configured chain: asked once, before its first use. */
  chain: 'unchecked' | 'ours' | 'another';
  /** The question of its chain while it is being asked, shared by the reads that wait for it. */
  asking?: Promise<boolean>;
  /** It failed its last read while another answered (logged once, until it answers again). */
  failing: boolean;
}

export interface ChainReaderOptions {
  timeoutMs?: number;
  health?: NetworkHealth;
}

const answeredWithError = (error: unknown) =>
  ['CALL_EXCEPTION', 'BAD_DATA'].includes(String((error as { code?: unknown }).code));
const reasonOf = (error: unknown) =>
  String((error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? error).slice(0, 200);

async function withinTime<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // FetchRequest's timeout covers one request; this covers everything a read does.
  const silence = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the endpoint serves this chain; asked once (again after a failure). A wrong chain is a configuration error, said once. */
/** The reads every endpoint answers alike, each asked through `ask` (one endpoint, or each in turn). */
const readsThrough = (ask: <T>(question: (provider: JsonRpcProvider) => Promise<T>) => Promise<T>) => ({
  transaction: (hash: string) => ask((provider) => provider.getTransaction(hash)),
  receipt: (hash: string) => ask((provider) => provider.getTransactionReceipt(hash)),
  blockNumber: () => ask((provider) => provider.getBlockNumber()),
  finalizedBlockNumber: () =>
    ask(async (provider) => {
      const block = await provider.getBlock('finalized');
      if (!block) throw new Error('the node names no finalized block');
      return block.number;
    }),
  priceRound: (feed: string, blockTag: number | 'latest') =>
    ask(async (provider) => {
      const aggregator = new Contract(feed, AGGREGATOR_ABI, provider);
      const [round, decimals] = await Promise.all([
        aggregator.getFunction('latestRoundData')({ blockTag }),
        aggregator.getFunction('decimals')({ blockTag }),
      ]);
      const [roundId, answer, , updatedAt] = round as [bigint, bigint, bigint, bigint];
      if (answer <= 0n) throw new Error(`the price feed ${feed} answered ${answer}`);
      return { feed, roundId: roundId.toString(), answer, decimals: Number(decimals), updatedAt: Number(updatedAt) };
    }),
});

/**
 * A reader of one network over its RPC URLs, in order: a URL that fails or does not answer within
 * `timeoutMs` is passed over for the next, and one that serves another chain is never used. The
 * URLs never leave the gateway. Quiet when a network is down: `health` hears of it, and an
 * endpoint that fails while another answers is logged once.
 */
export function chainReader(
  chainId: number,
  rpcUrls: readonly string[],
  logger: Logger,
  { timeoutMs = 4_000, health }: ChainReaderOptions = {},
): ChainReader {
  const network = Network.from(chainId);
  const endpoints: Endpoint[] = rpcUrls.map((url) => {
    const request = new FetchRequest(url);
    request.timeout = timeoutMs;
    // No cache: a re-check must see the chain as it is now. A static network: ethers would otherwise
    // poll for it; whether the endpoint serves this chain is asked once below, before its first use.
    const provider = new JsonRpcProvider(request, network, {
      staticNetwork: network,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    return { rpc: new URL(url).host, provider, chain: 'unchecked', failing: false };
  });

  function servesChain(endpoint: Endpoint): Promise<boolean> {
    if (endpoint.chain !== 'unchecked') return Promise.resolve(endpoint.chain === 'ours');
    endpoint.asking ??= withinTime(endpoint.provider.send('eth_chainId', []) as Promise<string>, timeoutMs)
      .then((answer) => {
        const answered = Number(answer);
        endpoint.chain = answered === chainId ? 'ours' : 'another';
        if (endpoint.chain === 'another')
          logger.error(
            { chainId, rpc: endpoint.rpc, answered },
            'an RPC endpoint serves another chain than its rules say: it is never used',
          );
        return endpoint.chain === 'ours';
      })
      .finally(() => {
        endpoint.asking = undefined;
      });
    return endpoint.asking;
  }

  async function read<T>(question: (provider: JsonRpcProvider) => Promise<T>): Promise<T> {
    const failed: Array<{ endpoint: Endpoint; error: unknown }> = [];
    for (const endpoint of endpoints) {
      if (endpoint.chain === 'another') continue;
      try {
        if (!(await servesChain(endpoint))) continue;
        const answer = await withinTime(question(endpoint.provider), timeoutMs);
        if (endpoint.failing) logger.info({ chainId, rpc: endpoint.rpc }, 'an RPC endpoint answers again');
        endpoint.failing = false;
        for (const { endpoint: other, error } of failed) {
          if (!other.failing)
            logger.warn(
              { chainId, rpc: other.rpc, reason: reasonOf(error) },
              'an RPC endpoint fails; the next one answered',
            );
          other.failing = true;
        }
        health?.answered(chainId);
        return answer;
      } catch (error) {
        // The node answered, with an error of the call itself (a contract that reverted, data it cannot decode).
        if (answeredWithError(error)) {
          health?.answered(chainId);
          throw error;
        }
        failed.push({ endpoint, error });
      }
    }
    for (const { endpoint } of failed) endpoint.failing = true;
    health?.unreachable(
      chainId,
      Object.fromEntries(failed.map(({ endpoint, error }) => [endpoint.rpc, reasonOf(error)])),
    );
    throw new ChainUnavailableError(chainId, failed.at(-1)?.error);
  }

  /** Which trace method the node answers, once known; `none` when it answers neither. */
  let traceMethod: 'trace_block' | 'debug_traceBlockByNumber' | 'none' | undefined;
  const unsupported = (error: unknown) =>
    /method not found|not supported|does not exist|not available|unknown method/i.test(
      String((error as Error).message ?? error),
    ) || (error as { error?: { code?: number } }).error?.code === -32601;

  async function internalTransfers(blockNumber: number): Promise<InternalTransfer[] | null> {
    const tag = `0x${blockNumber.toString(16)}`;
    for (const method of ['trace_block', 'debug_traceBlockByNumber'] as const) {
      if (traceMethod !== undefined && traceMethod !== method) continue;
      // A node that does not know the method answered: it is reachable, and the next method is asked.
      const traced = await read(async (provider) => {
        try {
          return {
            answer: (await (method === 'trace_block'
              ? provider.send(method, [tag])
              : provider.send(method, [tag, { tracer: 'callTracer' }]))) as unknown,
          };
        } catch (error) {
          if (traceMethod !== method && unsupported(error)) return null;
          throw error;
        }
      });
      if (!traced) continue;
      traceMethod = method;
      if (method === 'trace_block') return parityTraceTransfers(traced.answer as ParityTrace[]);
      return (traced.answer as Array<{ txHash: string; result: CallFrame }>).flatMap((trace) =>
        callTreeTransfers(trace.txHash, trace.result),
      );
    }
    if (traceMethod === undefined)
      logger.info(
        { chainId },
        'the RPC offers no trace API: transfers made by contracts (internal transactions) are not seen',
      );
    traceMethod = 'none';
    return null;
  }

  return {
    chainId,
    quorum: Math.min(2, endpoints.length),
    ...readsThrough(read),
    internalTransfers: (blockNumber) =>
      traceMethod === 'none' ? Promise.resolve(null) : internalTransfers(blockNumber),
    block: (number, withTransactions = false) => read((provider) => provider.getBlock(number, withTransactions)),
    nonceOf: (account, blockTag = 'latest') => read((provider) => provider.getTransactionCount(account, blockTag)),
    logsTo: (token, topic, recipient, fromBlock, toBlock) =>
      read((provider) =>
        provider.getLogs({ address: token, topics: [topic, null, zeroPadValue(recipient, 32)], fromBlock, toBlock }),
      ),
    everyEndpoint: (question) =>
      Promise.all(
        endpoints
          .filter((endpoint) => endpoint.chain !== 'another')
          .map(async (endpoint) => {
            try {
              if (!(await servesChain(endpoint))) return { rpc: endpoint.rpc, error: 'serves another chain' };
              return {
                rpc: endpoint.rpc,
                answer: await question(readsThrough((ask) => withinTime(ask(endpoint.provider), timeoutMs))),
              };
            } catch (error) {
              return { rpc: endpoint.rpc, error: reasonOf(error) };
            }
          }),
      ),
    async verifyEndpoints() {
      await Promise.all(endpoints.map((endpoint) => servesChain(endpoint).catch(() => undefined)));
    },
    close: () => endpoints.forEach(({ provider }) => provider.destroy()),
  };
}
