import { donationNetwork } from '@party/shared-contracts';
import { ChainUnavailableError, type ChainReader } from './chain-reader.js';
import { recordGift } from './donation-records.js';
import type { NetworkRules } from './donation-rules.js';
import type { LedgerContext } from './ledger-context.js';
import { transfersIn, type FoundTransfer } from './chain-transfers.js';

interface SignedPledge {
  id: string;
  sender: string;
  amountWei: bigint;
  headBlock: number;
  expiresAt: number;
}

export interface DonationWatchOptions {
  /** Blocks read in one round. */
  batchBlocks?: number;
  /** How far back the watcher reads again when the block it stopped at left the chain. */
  rewindBlocks?: number;
  /** Blocks read at once (native transfers are found block by block). */
  concurrency?: number;
}

export interface DonationWatch {
  /**
   * Reads each network's next blocks from its stored cursor and records every transfer to its
   * receiving address that is not recorded yet, as undeclared; resolves with how many blocks it
   * read (0 once every network is caught up).
   */
  watch(): Promise<number>;
}

/** The pledge its wallet signed that a transfer fulfils: same sender and amount, mined after the pledge and before it expired. */
function signedPledgeFor(pledges: SignedPledge[], transfer: FoundTransfer): string | null {
  if (transfer.internal) return null;
  const index = pledges.findIndex(
    (pledge) =>
      pledge.sender === transfer.from &&
      pledge.amountWei === transfer.amountWei &&
      pledge.headBlock < transfer.blockNumber &&
      pledge.expiresAt > transfer.timestamp * 1000,
  );
  return index < 0 ? null : pledges.splice(index, 1)[0]!.id;
}

const LEASE = "interval '2 minutes'";

/**
 * Follows each network from a stored cursor, reorg-safe: before reading on, it checks that the block
 * it stopped at is still on the chain, and reads the last `rewindBlocks` again if not. A transfer
 * read twice is recorded once (its hash is unique); one that left the chain is re-checked like any
 * donation. A transfer that fulfils a pledge its wallet signed (same sender and amount, mined after
 * the pledge, before it expired) is recorded with it; any other is undeclared. Internal transactions
 * (a contract sending ETH) are seen where the node offers a trace API (`trace_block` or
 * `debug_traceBlockByNumber`), and not otherwise. A network that does not answer is left alone
 * with backoff (NetworkHealth).
 */
export function donationWatch(context: LedgerContext, options: DonationWatchOptions = {}): DonationWatch {
  const { batchBlocks = 500, rewindBlocks = 32, concurrency = 8 } = options;
  const { db, rules, logger } = context;

  /** The pledges of this network their wallets signed and no transfer fulfils yet: few at any time, read once a round. */
  async function signedOpenPledges(network: NetworkRules): Promise<SignedPledge[]> {
    const { rows } = await db.query<{
      id: string;
      sender: string;
      amount_wei: string;
      head_block: string;
      expires_at: Date;
    }>(
      `SELECT p.id, p.sender, p.amount_wei::text, p.head_block::text, p.expires_at FROM donation_pledges p
        WHERE p.chain_id = $1 AND p.signature IS NOT NULL AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)
        ORDER BY p.created_at`,
      [network.chainId],
    );
    return rows.map((row) => ({
      id: row.id,
      sender: row.sender,
      amountWei: BigInt(row.amount_wei),
      headBlock: Number(row.head_block),
      expiresAt: row.expires_at.getTime(),
    }));
  }

  async function record(network: NetworkRules, reader: ChainReader, transfer: FoundTransfer, pledges: SignedPledge[]) {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM donations WHERE chain_id = $1 AND (tx_hash = $2 OR replaced_hash = $2)',
      [network.chainId, transfer.txHash.toLowerCase()],
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    const receipt = transfer.receipt ?? (await reader.receipt(transfer.txHash));
    if (!receipt) return;
    await recordGift(
      context,
      {
        chainId: network.chainId,
        txHash: transfer.txHash,
        transfer: { from: transfer.from, to: network.receivingAddress, amountWei: transfer.amountWei },
        nonce: transfer.nonce,
        internal: transfer.internal ?? false,
        headBlock: null,
        chain: { kind: 'mined', receipt, transaction: null, blockTime: transfer.timestamp },
      },
      { by: 'watcher', pledgeId: signedPledgeFor(pledges, transfer) },
    );
  }

  /** One round on one network; how many blocks it read. */
  async function watchNetwork(network: NetworkRules, reader: ChainReader): Promise<number> {
    const asset = donationNetwork(network.chainId)!.asset;
    const head = await reader.blockNumber();
    const { rows: leased } = await db.query<{ first_block: string; block_number: string; block_hash: string }>(
      `UPDATE donation_watch_cursors SET leased_until = now() + ${LEASE}
        WHERE chain_id = $1 AND (leased_until IS NULL OR leased_until < now()) RETURNING first_block::text, block_number::text, block_hash`,
      [network.chainId],
    );
    const cursor = leased[0];
    if (!cursor) {
      // The first round starts from the head: what came before the site is not its to account for.
      const block = await reader.block(head);
      if (block?.hash) {
        await db.query(
          'INSERT INTO donation_watch_cursors (chain_id, first_block, block_number, block_hash, head_block) VALUES ($1, $2, $2, $3, $2) ON CONFLICT DO NOTHING',
          [network.chainId, head, block.hash],
        );
      }
      return 0;
    }
    let released = false;
    try {
      const stoppedAt = Number(cursor.block_number);
      const still = await reader.block(stoppedAt);
      let from = stoppedAt + 1;
      if (still?.hash !== cursor.block_hash) {
        from = Math.max(Number(cursor.first_block), stoppedAt - rewindBlocks + 1);
        logger.warn(
          { chainId: network.chainId, block: stoppedAt },
          'the block the donation watcher stopped at left the chain: reading the last blocks again',
        );
      }
      const to = Math.min(head, from + batchBlocks - 1);
      if (from > to) return 0;
      const transfers = await transfersIn(reader, asset, network.receivingAddress.toLowerCase(), from, to, concurrency);
      const pledges = transfers.length > 0 ? await signedOpenPledges(network) : [];
      for (const transfer of transfers) await record(network, reader, transfer, pledges);
      const last = await reader.block(to);
      if (!last?.hash) return 0;
      await db.query(
        `UPDATE donation_watch_cursors SET block_number = $2, block_hash = $3, head_block = $4, leased_until = NULL, updated_at = now()
          WHERE chain_id = $1`,
        [network.chainId, to, last.hash, head],
      );
      released = true;
      return to - from + 1;
    } finally {
      if (!released)
        await db.query('UPDATE donation_watch_cursors SET head_block = $2, leased_until = NULL WHERE chain_id = $1', [
          network.chainId,
          head,
        ]);
    }
  }

  return {
    async watch() {
      let read = 0;
      for (const network of rules.networks) {
        if (!context.health.mayTry(network.chainId)) continue;
        const { reader } = context.networkOf(network.chainId);
        try {
          read += await watchNetwork(network, reader);
        } catch (error) {
          // An unreachable network is said once, by its health.
          if (!(error instanceof ChainUnavailableError))
            logger.warn(
              { err: error, chainId: network.chainId },
              'the donation watcher could not read this network; it will try again',
            );
        }
      }
      return read;
    },
  };
}
