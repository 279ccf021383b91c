import { setTimeout as sleep } from 'node:timers/promises';
import type { TransactionResponse } from 'ethers';
import type { DonationReport, DonationStatus } from '@party/shared-contracts';
import type { ChainReader } from './chain-reader.js';
import { recordGift } from './donation-records.js';
import { provenKeys } from './donor-identity.js';
import { cents, provenTotalCents } from './donor-totals.js';
import type { LedgerContext } from './ledger-context.js';
import { refusalOf, refusals, requestedTransfer, type Refusal, type Transfer } from './transfer-check.js';

export type ReportOutcome =
  | { kind: 'recorded'; status: DonationStatus; txHash: string; notice?: string }
  | { kind: 'refused'; reason: Refusal; message: string }
  | { kind: 'unknown-pledge' }
  | { kind: 'already-recorded' };

interface PledgeRow {
  id: string;
  chain_id: number;
  sender: string;
  amount_wei: string;
  signed: boolean;
  expired: boolean;
  head_block: string | null;
  email: string | null;
  email_confirmed: boolean;
}

async function waitForTransaction(
  reader: ChainReader,
  hash: string,
  waitMs: number,
): Promise<TransactionResponse | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const transaction = await reader.transaction(hash);
    if (transaction || Date.now() >= deadline) return transaction;
    await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
  }
}

/**
 * What the donor should know once their gift is recorded: nothing, unless with it their total
 * passes the cap (the value moved since the pledge, or another gift arrived meanwhile); then the
 * excess is theirs to have back, and the treasurer's list says so. Counted by what the donor proved
 * theirs (`keys`): a gift joined to others only by a name typed in is the treasurer's to review.
 */
async function capNotice(context: LedgerContext, keys: string[]): Promise<string | undefined> {
  const { rules } = context;
  if (!rules.cap) return undefined;
  const total = await provenTotalCents(context.db, rules, keys, { openPledges: false });
  const capCents = cents(rules.cap.amount);
  if (total <= capCents) return undefined;
  const period = rules.cap.period.kind === 'since' ? `for ${rules.cap.period.label}` : 'this year';
  return `Thank you. With this gift your total ${period} comes to ${context.money(total / 100)}, more than the ${context.money(rules.cap.amount)} we may accept from one person: we will return the ${context.money((total - capCents) / 100)} over it to the address you gave from, within ${rules.deadlines['over-cap']} days.`;
}

function refused(context: LedgerContext, reason: Refusal, report: DonationReport): ReportOutcome {
  context.logger.warn(
    { chainId: report.chainId, txHash: report.txHash, pledge: report.pledge, reason },
    'a donation report was refused',
  );
  return { kind: 'refused', reason, message: refusals[reason] };
}

/**
 * Verifies a broadcast transaction against its pledge on chain and records it: only a pledge its
 * wallet signed, not expired, fulfilled by a transaction from that wallet, to the receiving address,
 * of the pledged amount, mined after the pledge existed. A transaction recorded already (the
 * watcher found it without a pledge) is never claimed here: the treasurer resolves it.
 */
export async function reportDonation(context: LedgerContext, reported: DonationReport): Promise<ReportOutcome> {
  const { db, logger } = context;
  const txHash = reported.txHash.toLowerCase();
  const { rows: pledges } = await db.query<PledgeRow>(
    `SELECT id, chain_id, sender, amount_wei::text, signature IS NOT NULL AS signed, expires_at <= now() AS expired, head_block::text, email, email_confirmed
       FROM donation_pledges WHERE id = $1`,
    [reported.pledge],
  );
  const pledged = pledges[0];
  if (!pledged || pledged.chain_id !== reported.chainId) return { kind: 'unknown-pledge' };
  const { rows: known } = await db.query<{
    id: string;
    pledge_id: string | null;
    pledge_sender: string | null;
    tx_hash: string;
    replaced_hash: string | null;
    status: DonationStatus;
    block_number: string | null;
    amount_wei: string;
    nonce: string;
  }>(
    `SELECT d.id::text, d.pledge_id, p.sender AS pledge_sender, d.tx_hash, d.replaced_hash, d.status, d.block_number::text, d.amount_wei::text, d.nonce::text
       FROM donations d LEFT JOIN donation_pledges p ON p.id = d.pledge_id
      WHERE d.pledge_id = $1 OR (d.chain_id = $2 AND (d.tx_hash = $3 OR d.replaced_hash = $3))`,
    [pledged.id, reported.chainId, txHash],
  );
  const same = known.find(
    (row) => row.pledge_id === pledged.id && (row.tx_hash === txHash || row.replaced_hash === txHash),
  );
  if (same) return { kind: 'recorded', status: same.status, txHash: same.tx_hash };
  // The watcher found the transfer first and gave it another open pledge its wallet signed (the same
  // amount, pledged twice): the donor's page says which one it fulfils, if the transfer could.
  const [mine] = known.length === 1 ? known : [];
  if (
    mine &&
    pledged.signed &&
    !pledged.expired &&
    mine.pledge_sender === pledged.sender &&
    mine.tx_hash === txHash &&
    mine.amount_wei === pledged.amount_wei &&
    (pledged.head_block === null ||
      (mine.block_number !== null && Number(mine.block_number) > Number(pledged.head_block)))
  ) {
    await db.query('UPDATE donations SET pledge_id = $2 WHERE id = $1', [mine.id, pledged.id]);
    logger.info(
      { chainId: reported.chainId, txHash, pledge: pledged.id, was: mine.pledge_id },
      'a transfer the watcher gave another pledge of its wallet is the one its page reported',
    );
    return { kind: 'recorded', status: mine.status, txHash };
  }
  const { network, reader, asset } = context.networkOf(reported.chainId);
  const expected: Transfer = {
    from: pledged.sender,
    to: network.receivingAddress.toLowerCase(),
    amountWei: BigInt(pledged.amount_wei),
  };
  // The wallet sped up (or re-priced) the transaction this pledge's gift was recorded with: the page
  // reports the one that replaced it (same sender and nonce, same transfer). The re-check, due now,
  // records the gift under it; the donor is told it is recorded, as it is.
  const replaced = known.find((row) => row.pledge_id === pledged.id && row.tx_hash !== txHash);
  if (replaced) {
    const replacement = await reader.transaction(txHash);
    if (
      replacement &&
      replacement.from.toLowerCase() === pledged.sender &&
      BigInt(replacement.nonce) === BigInt(replaced.nonce) &&
      !refusalOf(requestedTransfer(replacement, asset), expected)
    ) {
      await db.query('UPDATE donations SET next_check_at = now() WHERE id = $1', [replaced.id]);
      logger.info(
        { chainId: reported.chainId, txHash, replaces: replaced.tx_hash, pledge: pledged.id },
        'a page reported the transaction that replaced its gift’s (sped up): re-checked now',
      );
      return { kind: 'recorded', status: replaced.status, txHash };
    }
  }
  if (known.length > 0) return { kind: 'already-recorded' };
  if (!pledged.signed) return refused(context, 'unsigned', reported);
  if (pledged.expired) return refused(context, 'expired', reported);

  const transaction = await waitForTransaction(reader, txHash, context.timing.reportWaitMs);
  if (!transaction) return refused(context, 'unknown-transaction', reported);
  if (transaction.chainId !== BigInt(reported.chainId)) return refused(context, 'wrong-chain', reported);
  const requested = refusalOf(requestedTransfer(transaction, asset), expected);
  if (requested) return refused(context, requested, reported);

  const receipt = await reader.receipt(txHash);
  const recorded = await recordGift(
    context,
    {
      chainId: reported.chainId,
      txHash,
      transfer: expected,
      nonce: transaction.nonce,
      internal: false,
      headBlock: pledged.head_block === null ? null : Number(pledged.head_block),
      chain: receipt ? { kind: 'mined', receipt, transaction } : { kind: 'pending' },
    },
    { by: 'report', pledgeId: pledged.id },
  );
  if (recorded.kind === 'refused') return refused(context, recorded.reason, reported);
  if (recorded.kind === 'taken') {
    // Recorded meanwhile: by the watcher, which found the transfer and its signed pledge; or by another report.
    const { rows } = await db.query<{ pledge_id: string | null; status: DonationStatus }>(
      'SELECT pledge_id, status FROM donations WHERE chain_id = $1 AND tx_hash = $2',
      [reported.chainId, txHash],
    );
    return rows[0]?.pledge_id === pledged.id
      ? { kind: 'recorded', status: rows[0].status, txHash }
      : { kind: 'already-recorded' };
  }
  const notice = await capNotice(
    context,
    provenKeys({ sender: pledged.sender, email: pledged.email, emailConfirmed: pledged.email_confirmed }),
  );
  return { kind: 'recorded', status: recorded.status, txHash, ...(notice ? { notice } : {}) };
}
