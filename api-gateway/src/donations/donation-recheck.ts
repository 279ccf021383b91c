import type { TransactionResponse } from 'ethers';
import type { DonationStatus } from '@party/shared-contracts';
import type { ChainReader } from './chain-reader.js';
import { ChainUnavailableError } from './chain-reader.js';
import { queueReceipts } from './donation-receipts.js';
import type { Valuation } from './donation-value.js';
import type { LedgerContext } from './ledger-context.js';
import { sayDisagreement, settleMined, type Disagreement } from './onchain-settlement.js';
import { refusalOf, requestedTransfer, type Transfer } from './transfer-check.js';

interface DonationRow {
  id: string;
  chain_id: number;
  tx_hash: string;
  sender: string;
  recipient: string;
  amount_wei: string;
  nonce: string;
  status: DonationStatus;
  block_hash: string | null;
  reported_at: Date;
  replaced_hash: string | null;
  checks: number;
  internal: boolean;
  head_block: string | null;
  disputed: boolean;
}

interface Recheck {
  status: DonationStatus;
  txHash?: string;
  mined?: { blockNumber: number; blockHash: string; valuation: Valuation | null };
  disagreement?: Disagreement | null;
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

async function recheckOne(context: LedgerContext, row: DonationRow): Promise<Recheck> {
  const { reader, asset } = context.networkOf(row.chain_id);
  const expected: Transfer = { from: row.sender, to: row.recipient, amountWei: BigInt(row.amount_wei) };
  const [receipt, transaction] = await Promise.all([reader.receipt(row.tx_hash), reader.transaction(row.tx_hash)]);
  if (receipt && transaction) {
    const settled = await settleMined(
      context,
      row.chain_id,
      { expected, internal: row.internal, headBlock: row.head_block === null ? null : Number(row.head_block) },
      transaction,
      receipt,
    );
    if (settled.refusal) {
      context.logger.error(
        { chainId: row.chain_id, txHash: row.tx_hash, reason: settled.refusal },
        'a recorded donation does not hold on chain: dropped',
      );
      return { status: 'dropped' };
    }
    // Mined in another block than before (a re-organisation re-mined it), or now agreed on: valued again.
    const valuation = row.block_hash === receipt.blockHash && settled.status !== 'confirmed' ? null : settled.valuation;
    return { status: settled.status, mined: { ...settled.mined, valuation }, disagreement: settled.disagreement };
  }
  if (row.internal) {
    // Its transfer is inside the transaction, which the trace showed: what holds is the transaction's own fate.
    if (receipt || (!transaction && Date.now() - row.reported_at.getTime() > context.timing.dropAfterMs))
      return { status: 'dropped' };
    return { status: 'pending' };
  }
  // Not in a block: back to pending, whatever it was, so that it is never counted while off the chain.
  if (transaction) return { status: 'pending' };
  if ((await reader.nonceOf(row.sender)) > Number(row.nonce)) {
    const replacement = await replacementOf(reader, row);
    if (replacement && !refusalOf(requestedTransfer(replacement, asset), expected)) {
      context.logger.info(
        { chainId: row.chain_id, txHash: row.tx_hash, replacement: replacement.hash },
        'a donation was replaced by the same transfer (sped up)',
      );
      return { status: 'pending', txHash: replacement.hash.toLowerCase() };
    }
    context.logger.warn(
      { chainId: row.chain_id, txHash: row.tx_hash },
      'a donation was replaced by another transaction (cancelled): dropped',
    );
    return { status: 'dropped' };
  }
  return { status: Date.now() - row.reported_at.getTime() > context.timing.dropAfterMs ? 'dropped' : 'pending' };
}

/**
 * Writes a re-check's outcome. A replacement the watcher recorded first, as a transfer no pledge
 * explains (its pledge was this row's), is this gift: that row goes and this one takes its hash,
 * unless the treasurer has already acted on it (then the rename fails, and is logged, row by row).
 */
async function record(context: LedgerContext, row: DonationRow, outcome: Recheck) {
  const wait = Math.min(context.timing.maxRecheckMs, context.timing.recheckMs * 2 ** Math.min(row.checks, 10));
  const replaced = outcome.txHash && outcome.txHash !== row.tx_hash;
  const disagreement = outcome.disagreement ?? null;
  await context.db.transaction(async (tx) => {
    if (replaced) {
      const { rows: merged } = await tx.query(
        `DELETE FROM donations WHERE chain_id = $1 AND tx_hash = $2 AND id <> $3 AND pledge_id IS NULL AND resolution IS NULL AND refunded_wei = 0
         RETURNING id`,
        [row.chain_id, outcome.txHash, row.id],
      );
      if (merged.length > 0)
        context.logger.info(
          { chainId: row.chain_id, txHash: outcome.txHash, replaced: row.tx_hash },
          'a replacement the watcher recorded without its pledge joins the gift it replaced',
        );
    }
    await tx.query(
      `UPDATE donations SET
       status = $2,
       tx_hash = $3,
       replaced_hash = $4,
       block_number = CASE WHEN $2 IN ('received', 'confirmed') THEN $5::bigint END,
       block_hash = CASE WHEN $2 IN ('received', 'confirmed') THEN $6 END,
       value = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $7::numeric IS NULL THEN value ELSE $7::numeric END,
       rate = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $8::numeric IS NULL THEN rate ELSE $8::numeric END,
       price_rounds = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $9::jsonb IS NULL THEN price_rounds ELSE $9::jsonb END,
       price_stale = CASE WHEN $12::boolean IS NULL THEN price_stale ELSE $12::boolean END,
       disagreement = $13::jsonb,
       received_at = CASE WHEN $2 IN ('received', 'confirmed') THEN coalesce(received_at, now()) END,
       confirmed_at = CASE WHEN $2 = 'confirmed' THEN coalesce(confirmed_at, now()) END,
       dropped_at = CASE WHEN $2 = 'dropped' THEN now() END,
       next_check_at = now() + $10 * interval '1 millisecond',
       checks = CASE WHEN $11 THEN 0 ELSE checks END
     WHERE id = $1`,
      [
        row.id,
        outcome.status,
        outcome.txHash ?? row.tx_hash,
        replaced ? (row.replaced_hash ?? row.tx_hash) : row.replaced_hash,
        outcome.mined?.blockNumber ?? null,
        outcome.mined?.blockHash ?? null,
        outcome.mined?.valuation?.value ?? null,
        outcome.mined?.valuation?.rate ?? null,
        outcome.mined?.valuation ? JSON.stringify(outcome.mined.valuation.rounds) : null,
        replaced ? 0 : wait,
        Boolean(replaced),
        outcome.mined?.valuation ? outcome.mined.valuation.staleFeeds.length > 0 : null,
        disagreement ? JSON.stringify(disagreement) : null,
      ],
    );
  });
  if (outcome.status !== row.status || replaced) {
    context.logger.info(
      { chainId: row.chain_id, txHash: outcome.txHash ?? row.tx_hash, from: row.status, to: outcome.status },
      'donation status changed',
    );
  }
  if (disagreement && !row.disputed) sayDisagreement(context, row.chain_id, row.tx_hash, disagreement);
  if (!disagreement && row.disputed)
    context.logger.info(
      { chainId: row.chain_id, txHash: row.tx_hash },
      'the RPC endpoints agree about a donation again',
    );
}

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
    // Each row on its own: one that cannot be checked or written stops no other, nor the receipts.
    try {
      await record(context, row, await recheckOne(context, row));
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
  await queueReceipts(context);
  return checked;
}
