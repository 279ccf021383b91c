import type { TransactionReceipt, TransactionResponse } from 'ethers';
import type { DonationAsset } from '@party/shared-contracts';
import type { ChainReader, EndpointReads } from './chain-reader.js';
import type { NetworkRules } from './donation-rules.js';
import { roundsAt, valuationOf, type Valuation } from './donation-value.js';
import type { LedgerContext } from './ledger-context.js';
import { minedTransfer, refusalOf, type Refusal, type Transfer } from './transfer-check.js';

/** What the RPC endpoints said of a transaction when no two agreed, endpoint by endpoint. */
export type Disagreement = Record<string, string>;

export type Settlement =
  | { refusal: Refusal }
  | {
      refusal: null;
      status: 'received' | 'confirmed';
      mined: { blockNumber: number; blockHash: string };
      valuation: Valuation;
      disagreement: Disagreement | null;
    };

/** What a mined transaction must be to settle a donation. */
export interface SettlementTerms {
  /** The transfer it must make (its amount is what is valued). */
  expected: Transfer;
  /** Found inside the transaction by a trace (a contract's transfer): its own fate is what counts, not its own transfer. */
  internal: boolean;
  /** The chain's head when its pledge was made: it must be mined after. Null without a pledge. */
  headBlock: number | null;
}

/** Whether a transaction mined in `blockNumber` is at the rules' depth, as `reads` see the chain. */
async function atDepth(
  network: NetworkRules,
  reads: Pick<EndpointReads, 'finalizedBlockNumber' | 'blockNumber'>,
  blockNumber: number,
): Promise<boolean> {
  if (network.confirmations === 'finalized') return (await reads.finalizedBlockNumber()) >= blockNumber;
  return (await reads.blockNumber()) - blockNumber + 1 >= network.confirmations;
}

const describeTransfer = (transfer: Transfer | null) =>
  transfer ? `${transfer.amountWei} wei from ${transfer.from} to ${transfer.to}` : 'no transfer to us';

/**
 * What every endpoint says of the mined transaction, at once: its block, its fate, the transfer it
 * made, whether it is at the rules' depth, and the price rounds at its block. Confirmed only when
 * `quorum` endpoints say the same at depth; two that answer differently (or one that knows it at
 * depth while another does not know it at all) are a disagreement, for the treasurer.
 */
async function agreement(network: NetworkRules, reader: ChainReader, asset: DonationAsset, txHash: string) {
  const answers = await reader.everyEndpoint(async (reads) => {
    const [transaction, receipt] = await Promise.all([reads.transaction(txHash), reads.receipt(txHash)]);
    if (!transaction || !receipt) return { says: 'no such transaction', seen: false as const };
    const [deep, rounds] = await Promise.all([
      atDepth(network, reads, receipt.blockNumber),
      roundsAt(reads, network.priceFeeds, receipt.blockNumber),
    ]);
    const transfer = minedTransfer(receipt, transaction, asset, network.receivingAddress);
    const says = `block ${receipt.blockHash}, status ${receipt.status}, chain ${transaction.chainId}, ${describeTransfer(transfer)}, price rounds ${rounds.map((round) => `${round.roundId}:${round.answer}`).join(' ')}`;
    return { says, seen: true as const, deep, rounds };
  });
  const views = answers.flatMap((each) => ('answer' in each ? [{ rpc: each.rpc, ...each.answer }] : []));
  const deepViews = views.filter((view) => view.seen && view.deep);
  // Every endpoint that sees the transaction must say the same: a third that contradicts two is heard.
  const sayings = new Set(views.filter((view) => view.seen).map((view) => view.says));
  if (sayings.size === 1 && deepViews.length >= reader.quorum)
    return { kind: 'agreed' as const, rounds: deepViews[0]!.rounds! };
  const unknownWhileDeep = deepViews.length > 0 && views.some((view) => !view.seen);
  if (sayings.size > 1 || unknownWhileDeep) {
    return {
      kind: 'disputed' as const,
      disagreement: Object.fromEntries(
        answers.map((each) => [each.rpc, 'answer' in each ? each.answer.says : `no answer: ${each.error}`]),
      ),
    };
  }
  return { kind: 'short' as const };
}

/** Why a mined transaction does not settle what was pledged: it reverted, is on another chain, makes another transfer, or was mined before its pledge. */
export function minedRefusal(
  context: LedgerContext,
  chainId: number,
  { expected, internal, headBlock }: SettlementTerms,
  transaction: TransactionResponse,
  receipt: TransactionReceipt,
): Refusal | null {
  const { network, asset } = context.networkOf(chainId);
  if (receipt.status !== 1) return 'reverted';
  if (transaction.chainId !== BigInt(chainId)) return 'wrong-chain';
  if (!internal) {
    const refusal = refusalOf(minedTransfer(receipt, transaction, asset, network.receivingAddress), expected);
    if (refusal) return refusal;
  }
  if (headBlock !== null && receipt.blockNumber <= headBlock) return 'before-pledge';
  return null;
}

export type Standing = Exclude<Settlement, { refusal: Refusal }>;

/**
 * Where a mined transfer of `amountWei` stands: `received`, or `confirmed` at the rules' depth,
 * valued at its block (whose time the caller may know already). Where the rules name two or more
 * RPC endpoints, `confirmed` needs two to agree on the receipt, the transfer and the price; until
 * then it stays `received`.
 */
export async function standingOf(
  context: LedgerContext,
  chainId: number,
  amountWei: bigint,
  receipt: TransactionReceipt,
  knownBlockTime?: number,
): Promise<Standing> {
  const { network, reader, asset } = context.networkOf(chainId);
  // At once: whether it is deep enough, its block's time, and the price at its block.
  const [deep, blockTime, rounds] = await Promise.all([
    atDepth(network, reader, receipt.blockNumber),
    knownBlockTime ??
      reader.block(receipt.blockNumber).then((block) => block?.timestamp ?? Math.floor(Date.now() / 1000)),
    roundsAt(reader, network.priceFeeds, receipt.blockNumber),
  ]);
  const mined = { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash };
  const alone = valuationOf(rounds, network.priceFeeds, amountWei, blockTime);
  if (!deep) return { refusal: null, status: 'received', mined, valuation: alone, disagreement: null };
  if (reader.quorum < 2) return { refusal: null, status: 'confirmed', mined, valuation: alone, disagreement: null };
  const agreed = await agreement(network, reader, asset, receipt.hash);
  if (agreed.kind === 'agreed')
    return {
      refusal: null,
      status: 'confirmed',
      mined,
      valuation: valuationOf(agreed.rounds, network.priceFeeds, amountWei, blockTime),
      disagreement: null,
    };
  return {
    refusal: null,
    status: 'received',
    mined,
    valuation: alone,
    disagreement: agreed.kind === 'disputed' ? agreed.disagreement : null,
  };
}

/**
 * What each endpoint that knows the transaction says of it against `terms`: its refusal, or `settles`.
 * Asked of every endpoint, so that no one endpoint (the first to answer) refuses or admits a gift alone.
 */
async function refusalsByEndpoint(context: LedgerContext, chainId: number, terms: SettlementTerms, txHash: string) {
  const { reader } = context.networkOf(chainId);
  const answers = await reader.everyEndpoint(async (reads) => {
    const [transaction, receipt] = await Promise.all([reads.transaction(txHash), reads.receipt(txHash)]);
    return transaction && receipt ? (minedRefusal(context, chainId, terms, transaction, receipt) ?? 'settles') : null;
  });
  return answers.flatMap((each) => ('answer' in each && each.answer ? [{ rpc: each.rpc, says: each.answer }] : []));
}

/**
 * Where a mined transaction leaves its donation: refused, or where it stands. Where the rules name
 * two or more RPC endpoints, every one that knows the transaction is asked: a refusal stands only
 * when none of them says otherwise; when they differ, the gift is `received` with their disagreement,
 * for the treasurer, and re-checked.
 */
export async function settleMined(
  context: LedgerContext,
  chainId: number,
  terms: SettlementTerms,
  transaction: TransactionResponse,
  receipt: TransactionReceipt,
): Promise<Settlement> {
  const refusal = minedRefusal(context, chainId, terms, transaction, receipt);
  if (context.networkOf(chainId).reader.quorum < 2)
    return refusal ? { refusal } : standingOf(context, chainId, terms.expected.amountWei, receipt);
  const verdicts = await refusalsByEndpoint(context, chainId, terms, receipt.hash);
  const said = new Set([refusal ?? 'settles', ...verdicts.map((verdict) => verdict.says)]);
  if (said.size === 1) return refusal ? { refusal } : standingOf(context, chainId, terms.expected.amountWei, receipt);
  const standing = await standingOf(context, chainId, terms.expected.amountWei, receipt);
  return {
    ...standing,
    status: 'received',
    disagreement: Object.fromEntries(
      verdicts.map(({ rpc, says }) => [rpc, says === 'settles' ? 'settles the gift' : `refuses it: ${says}`]),
    ),
  };
}
