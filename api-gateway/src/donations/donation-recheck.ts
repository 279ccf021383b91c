import type { TransactionResponse } from 'ethers';
import { ChainUnavailableError, type ChainReader } from './chain-reader.js';
import { queueReceipts } from './donation-receipts.js';
import { recordGift, type FoundTransaction, type RecordedGift } from './donation-records.js';
import type { LedgerContext } from './ledger-context.js';
import { refusalOf, requestedTransfer, type Transfer } from './transfer-check.js';

interface DonationRow extends RecordedGift {
  chain_id: number;
  sender: string;
  recipient: string;
  amount_wei: string;
  nonce: string;
  reported_at: Date;
  internal: boolean;
  head_block: string | null;
}

/** How far back from the head a replacement (same sender, same nonce) of a vanished transaction is looked for. */
const REPLACEMENT_SEARCH_BLOCKS = 128;
const CHECKS_AT_ONCE = 50;

/** The transaction that took a vanished one's nonce: the wallet sped it up (same transfer) or cancelled it. */
async function replacementOf(reader: ChainReader, row: DonationRow): Promise<TransactionResponse | null> {
  const head = await reader.blockNumber();
  for (let number = head; number >= Math.max(0, head - REPLACEMENT_SEARCH_BLOCKS); number -= 1) {
    const block = await reader.block(number, true);
    const found = block?.prefetchedTransactions.find(
      (candidate) => candidate.from.toLowerCase() === row.sender && BigInt(candidate.nonce) === BigInt(row.nonce),
    );
    if (found) return found;
  }
  return null;
}

/** What the chain says now of a recorded gift's transaction. */
async function chainStateOf(context: LedgerContext, row: DonationRow): Promise<FoundTransaction['chain']> {
  const { reader, asset } = context.networkOf(row.chain_id);
  const [receipt, transaction] = await Promise.all([reader.receipt(row.tx_hash), reader.transaction(row.tx_hash)]);
  if (receipt && transaction) return { kind: 'mined', receipt, transaction };
  if (row.internal) {
    // Its transfer is inside the transaction, which the trace showed: what holds is the transaction's own fate.
    if (receipt || (!transaction && Date.now() - row.reported_at.getTime() > context.timing.dropAfterMs))
      return { kind: 'dropped' };
    return { kind: 'pending' };
  }
  // Not in a block: back to pending, whatever it was, so that it is never counted while off the chain.
  if (transaction) return { kind: 'pending' };
  if ((await reader.nonceOf(row.sender)) > Number(row.nonce)) {
    const replacement = await replacementOf(reader, row);
    if (replacement && !refusalOf(requestedTransfer(replacement, asset), transferOf(row))) {
      context.logger.info(
        { chainId: row.chain_id, txHash: row.tx_hash, replacement: replacement.hash },
        'a donation was replaced by the same transfer (sped up)',
      );
      return { kind: 'replaced', txHash: replacement.hash.toLowerCase() };
    }
    context.logger.warn(
      { chainId: row.chain_id, txHash: row.tx_hash },
      'a donation was replaced by another transaction (cancelled): dropped',
    );
    return { kind: 'dropped' };
  }
  return { kind: Date.now() - row.reported_at.getTime() > context.timing.dropAfterMs ? 'dropped' : 'pending' };
}

const transferOf = (row: DonationRow): Transfer => ({
  from: row.sender,
  to: row.recipient,
  amountWei: BigInt(row.amount_wei),
});

/**
 * Re-checks the donations that are due (pending, or not yet confirmed), each claimed for two
 * minutes so that another instance does not check it meanwhile; a network in backoff is left for
 * later. Resolves with how many were checked.
 */
export async function recheckDue(context: LedgerContext): Promise<number> {
  const { rows } = await context.db.query<DonationRow>(
    `WITH claimed AS (
       UPDATE donations SET next_check_at = now() + interval '2 minutes', checks = checks + 1
        WHERE id IN (SELECT id FROM donations WHERE status IN ('pending', 'received') AND next_check_at <= now()
                      ORDER BY next_check_at LIMIT ${CHECKS_AT_ONCE} FOR UPDATE SKIP LOCKED)
        RETURNING *
     )
     SELECT c.id, c.chain_id, c.tx_hash, c.sender, c.recipient, c.amount_wei::text, c.nonce::text, c.status, c.block_hash, c.reported_at,
            c.replaced_hash, c.checks, c.internal, p.head_block::text, c.disagreement IS NOT NULL AS disputed
       FROM claimed c LEFT JOIN donation_pledges p ON p.id = c.pledge_id`,
  );
  let checked = 0;
  for (const row of rows) {
    if (!context.health.mayTry(row.chain_id)) {
      await context.db.query(
        'UPDATE donations SET next_check_at = to_timestamp($2 / 1000.0), checks = checks - 1 WHERE id = $1',
        [row.id, context.health.nextTry(row.chain_id)],
      );
      continue;
    }
    // Each row on its own: one that cannot be checked or written stops no other.
    try {
      const chain = await chainStateOf(context, row);
      await recordGift(
        context,
        {
          chainId: row.chain_id,
          txHash: row.tx_hash,
          transfer: transferOf(row),
          nonce: Number(row.nonce),
          internal: row.internal,
          headBlock: row.head_block === null ? null : Number(row.head_block),
          chain,
        },
        { by: 'recheck', gift: row },
      );
      checked += 1;
    } catch (error) {
      // An unreachable network is said once, by its health; anything else is this donation's.
      if (!(error instanceof ChainUnavailableError))
        context.logger.warn(
          { err: error, chainId: row.chain_id, txHash: row.tx_hash },
          'a donation could not be re-checked; it will be again',
        );
    }
  }
  // Each round, the receipts of gifts that became receivable outside a recording (declared on the
  // donor's behalf, a watcher's row claimed by its report), and any a failure left unqueued.
  await queueReceipts(context);
  return checked;
}
