import type { TransactionReceipt } from 'ethers';
import pLimit from 'p-limit';
import type { DonationAsset } from '@party/shared-contracts';
import type { ChainReader } from './chain-reader.js';
import { TRANSFER_TOPIC, tokenTransfers } from './transfer-check.js';

/** A transfer to a receiving address found on chain. */
export interface FoundTransfer {
  txHash: string;
  from: string;
  amountWei: bigint;
  nonce: number;
  blockNumber: number;
  blockHash: string;
  /** Its block's time, in seconds. */
  timestamp: number;
  /** Made by a contract inside the transaction (found through the node's trace API). */
  internal?: boolean;
  /** Its transaction's receipt, when it was read to find it. */
  receipt?: TransactionReceipt;
}

async function nativeTransfers(
  reader: ChainReader,
  receiving: string,
  from: number,
  to: number,
  concurrency: number,
): Promise<FoundTransfer[]> {
  const limit = pLimit(concurrency);
  const blocks = await Promise.all(
    Array.from({ length: to - from + 1 }, (_, index) => limit(() => reader.block(from + index, true))),
  );
  const candidates: FoundTransfer[] = blocks.flatMap((block) =>
    (block?.prefetchedTransactions ?? [])
      .filter((tx) => tx.to?.toLowerCase() === receiving && tx.value > 0n)
      .map((tx) => ({
        txHash: tx.hash,
        from: tx.from.toLowerCase(),
        amountWei: tx.value,
        nonce: tx.nonce,
        blockNumber: block!.number,
        blockHash: block!.hash!,
        timestamp: block!.timestamp,
      })),
  );
  // A contract wallet's gift is a call inside its transaction: seen only where the node traces.
  const traced = await Promise.all(
    blocks.map((block) => (block ? limit(() => reader.internalTransfers(block.number)) : null)),
  );
  blocks.forEach((block, index) => {
    for (const transfer of traced[index]?.filter((each) => each.to === receiving) ?? []) {
      const tx = block?.prefetchedTransactions.find((each) => each.hash === transfer.txHash);
      if (block && tx && !candidates.some((candidate) => candidate.txHash === transfer.txHash)) {
        candidates.push({
          txHash: transfer.txHash,
          from: transfer.from,
          amountWei: transfer.amountWei,
          nonce: tx.nonce,
          blockNumber: block.number,
          blockHash: block.hash!,
          timestamp: block.timestamp,
          internal: true,
        });
      }
    }
  });
  // A transfer that reverted moved nothing.
  const receipts = await Promise.all(candidates.map((candidate) => limit(() => reader.receipt(candidate.txHash))));
  return candidates.flatMap((candidate, index) =>
    receipts[index]?.status === 1 ? [{ ...candidate, receipt: receipts[index] }] : [],
  );
}

async function tokenTransfersTo(
  reader: ChainReader,
  token: string,
  receiving: string,
  from: number,
  to: number,
): Promise<FoundTransfer[]> {
  const logs = await reader.logsTo(token, TRANSFER_TOPIC, receiving, from, to);
  const found: FoundTransfer[] = [];
  const times = new Map<number, number>();
  for (const log of logs) {
    const [transfer] = tokenTransfers([log], token);
    const tx = transfer && transfer.amountWei > 0n ? await reader.transaction(log.transactionHash) : null;
    if (!transfer || !tx) continue;
    if (!times.has(log.blockNumber)) times.set(log.blockNumber, (await reader.block(log.blockNumber))?.timestamp ?? 0);
    found.push({
      txHash: log.transactionHash,
      from: transfer.from,
      amountWei: transfer.amountWei,
      nonce: tx.nonce,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      timestamp: times.get(log.blockNumber)!,
    });
  }
  return found;
}

/** The transfers of `asset` to `receiving` in blocks `from` to `to`, reading at most `concurrency` blocks at once. */
export function transfersIn(
  reader: ChainReader,
  asset: DonationAsset,
  receiving: string,
  from: number,
  to: number,
  concurrency: number,
): Promise<FoundTransfer[]> {
  return asset.kind === 'native'
    ? nativeTransfers(reader, receiving, from, to, concurrency)
    : tokenTransfersTo(reader, asset.address, receiving, from, to);
}
