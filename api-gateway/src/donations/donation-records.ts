import type { TransactionReceipt, TransactionResponse } from 'ethers';
import type { DonationStatus } from '@party/shared-contracts';
import { queueReceipts } from './donation-receipts.js';
import { insertDonation } from './donation-rows.js';
import type { Valuation } from './donation-value.js';
import type { LedgerContext } from './ledger-context.js';
import { settleMined, standingOf, type Disagreement, type Standing } from './onchain-settlement.js';
import type { Refusal, Transfer } from './transfer-check.js';

/** A gift's transaction as whoever found it knows it, and what the chain says of it now. */
export interface FoundTransaction {
  chainId: number;
  txHash: string;
  /** The transfer it makes to the receiving address (what is valued). */
  transfer: Transfer;
  nonce: number;
  /** Made by a contract inside the transaction (found by a trace): its sender is the contract. */
  internal: boolean;
  /** The chain's head when its pledge was made: it must be mined after. Null without a pledge. */
  headBlock: number | null;
  chain:
    | {
        kind: 'mined';
        receipt: TransactionReceipt;
        /** Null where the transfer was read from its receipt (the watcher's): nothing in it to refuse. */
        transaction: TransactionResponse | null;
        blockTime?: number;
      }
    | { kind: 'pending' }
    | { kind: 'dropped' }
    /** The wallet sped it up: the same transfer under another hash, mined or not. */
    | { kind: 'replaced'; txHash: string };
}

/** A recorded gift, as a re-check claims it. */
export interface RecordedGift {
  id: string;
  status: DonationStatus;
  tx_hash: string;
  replaced_hash: string | null;
  block_hash: string | null;
  checks: number;
  disputed: boolean;
}

/** Who found the transaction: the donor's page, the watcher reading blocks, or a re-check of a recorded gift. */
export type GiftSource =
  | { by: 'report'; pledgeId: string }
  | { by: 'watcher'; pledgeId: string | null }
  | { by: 'recheck'; gift: RecordedGift };

export type RecordOutcome =
  | { kind: 'recorded'; status: DonationStatus }
  | { kind: 'refused'; reason: Refusal }
  /** Recorded meanwhile, by another report or the watcher: its row is left as it is. */
  | { kind: 'taken' };

type Outcome =
  | { status: 'pending' | 'dropped'; standing: null; txHash?: string }
  | { status: 'received' | 'confirmed'; standing: Standing; txHash?: string };

/** Where the chain leaves the transaction: refused, or its status (valued and judged by every endpoint when mined). */
async function settle(context: LedgerContext, found: FoundTransaction): Promise<Outcome | { refusal: Refusal }> {
  const { chain } = found;
  if (chain.kind === 'pending' || chain.kind === 'dropped') return { status: chain.kind, standing: null };
  if (chain.kind === 'replaced') return { status: 'pending', standing: null, txHash: chain.txHash };
  const terms = { expected: found.transfer, internal: found.internal, headBlock: found.headBlock };
  const settled = chain.transaction
    ? await settleMined(context, found.chainId, terms, chain.transaction, chain.receipt)
    : await standingOf(context, found.chainId, found.transfer.amountWei, chain.receipt, chain.blockTime);
  if (settled.refusal) return { refusal: settled.refusal };
  return { status: settled.status, standing: settled };
}

/** A new gift's row, with its pledge when it has one: false when its transaction (or its pledge) is recorded already. */
async function insertGift(context: LedgerContext, found: FoundTransaction, outcome: Outcome, pledgeId: string | null) {
  return insertDonation(context.db, {
    chainId: found.chainId,
    txHash: found.txHash,
    pledgeId,
    sender: found.transfer.from,
    recipient: found.transfer.to,
    amountWei: found.transfer.amountWei,
    nonce: found.nonce,
    status: outcome.status,
    mined: outcome.standing?.mined ?? null,
    currency: context.rules.currency,
    valuation: outcome.standing?.valuation ?? null,
    disagreement: outcome.standing?.disagreement ?? null,
    recheckInMs: context.timing.recheckMs,
    internal: found.internal,
  });
}

/**
 * A re-check's outcome, written on the gift's row. A replacement the watcher recorded first, as a
 * transfer no pledge explains (its pledge was this row's), is this gift: that row goes and this one
 * takes its hash, unless the treasurer has already acted on it (then the rename fails, and is
 * logged, row by row). Mined in another block than before (a re-organisation), or now agreed on: valued again.
 */
async function updateGift(context: LedgerContext, found: FoundTransaction, gift: RecordedGift, outcome: Outcome) {
  const wait = Math.min(context.timing.maxRecheckMs, context.timing.recheckMs * 2 ** Math.min(gift.checks, 10));
  const replaced = outcome.txHash !== undefined && outcome.txHash !== gift.tx_hash;
  const { standing } = outcome;
  const valuation: Valuation | null =
    standing && (gift.block_hash !== standing.mined.blockHash || standing.status === 'confirmed')
      ? standing.valuation
      : null;
  const disagreement = standing?.disagreement ?? null;
  await context.db.transaction(async (tx) => {
    if (replaced) {
      const { rows: merged } = await tx.query(
        `DELETE FROM donations WHERE chain_id = $1 AND tx_hash = $2 AND id <> $3 AND pledge_id IS NULL AND resolution IS NULL AND refunded_wei = 0
         RETURNING id`,
        [found.chainId, outcome.txHash, gift.id],
      );
      if (merged.length > 0)
        context.logger.info(
          { chainId: found.chainId, txHash: outcome.txHash, replaced: gift.tx_hash },
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
        gift.id,
        outcome.status,
        outcome.txHash ?? gift.tx_hash,
        replaced ? (gift.replaced_hash ?? gift.tx_hash) : gift.replaced_hash,
        standing?.mined.blockNumber ?? null,
        standing?.mined.blockHash ?? null,
        valuation?.value ?? null,
        valuation?.rate ?? null,
        valuation ? JSON.stringify(valuation.rounds) : null,
        replaced ? 0 : wait,
        replaced,
        valuation ? valuation.staleFeeds.length > 0 : null,
        disagreement ? JSON.stringify(disagreement) : null,
      ],
    );
  });
  if (outcome.status !== gift.status || replaced) {
    context.logger.info(
      { chainId: found.chainId, txHash: outcome.txHash ?? gift.tx_hash, from: gift.status, to: outcome.status },
      'donation status changed',
    );
  }
}

/** Says, once per donation, that the endpoints disagree about it (its record keeps what each said), and when they agree again. */
function sayAgreement(
  context: LedgerContext,
  found: FoundTransaction,
  disagreement: Disagreement | null,
  wasDisputed: boolean,
): void {
  const { chainId, txHash } = found;
  if (disagreement && !wasDisputed)
    context.logger.error(
      { chainId, txHash, disagreement },
      'the RPC endpoints disagree about a donation: it is not confirmed',
    );
  if (!disagreement && wasDisputed)
    context.logger.info({ chainId, txHash }, 'the RPC endpoints agree about a donation again');
}

/**
 * The one path by which a gift is recorded, whoever found its transaction: settled against what it
 * must be (every endpoint asked where the rules name several), its row written (a new one for a
 * report or the watcher, the recorded one for a re-check), a disagreement between endpoints said
 * once, and its receipt queued once it is confirmed.
 */
export async function recordGift(
  context: LedgerContext,
  found: FoundTransaction,
  source: GiftSource,
): Promise<RecordOutcome> {
  const { logger } = context;
  const settled = await settle(context, found);
  if ('refusal' in settled && source.by !== 'recheck') return { kind: 'refused', reason: settled.refusal };
  let outcome: Outcome;
  if ('refusal' in settled) {
    logger.error(
      { chainId: found.chainId, txHash: found.txHash, reason: settled.refusal },
      'a recorded donation does not hold on chain: dropped',
    );
    outcome = { status: 'dropped', standing: null };
  } else outcome = settled;

  if (source.by === 'recheck') {
    await updateGift(context, found, source.gift, outcome);
  } else if (source.by === 'report') {
    if (!(await insertGift(context, found, outcome, source.pledgeId))) return { kind: 'taken' };
    logger.info(
      {
        chainId: found.chainId,
        txHash: found.txHash,
        status: outcome.status,
        value: outcome.standing?.valuation.value,
        currency: context.rules.currency,
      },
      'donation recorded',
    );
  } else if (source.pledgeId && (await insertGift(context, found, outcome, source.pledgeId))) {
    logger.info(
      { chainId: found.chainId, txHash: found.txHash, pledge: source.pledgeId },
      'a transfer fulfilling a signed pledge was recorded before its page reported it',
    );
  } else if (await insertGift(context, found, outcome, null)) {
    // Another report may have taken the pledge meanwhile: then this transfer is one no pledge explains.
    logger.warn(
      {
        chainId: found.chainId,
        txHash: found.txHash,
        value: outcome.standing?.valuation.value,
        currency: context.rules.currency,
      },
      'an undeclared transfer to a receiving address was recorded',
    );
  } else return { kind: 'taken' };

  sayAgreement(
    context,
    found,
    outcome.standing?.disagreement ?? null,
    source.by === 'recheck' ? source.gift.disputed : false,
  );
  if (outcome.status === 'confirmed') await queueReceipts(context);
  return { kind: 'recorded', status: outcome.status };
}
