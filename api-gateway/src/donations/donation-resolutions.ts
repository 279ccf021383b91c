import { randomUUID } from 'node:crypto';
import { formatEther } from 'ethers';
import type { DonationResolution } from '@party/shared-contracts';
import { standings } from './donation-attention.js';
import { declarationDigest } from './donation-pledges.js';
import { donorKey } from './donor-identity.js';
import { ledgerRows } from './donor-totals.js';
import type { LedgerContext } from './ledger-context.js';
import { refusalOf, requestedTransfer, tokenTransfers, type Transfer } from './transfer-check.js';

export type ResolveOutcome =
  { kind: 'resolved'; message: string } | { kind: 'not-found' } | { kind: 'refused'; message: string };

interface DonationRow {
  id: string;
  chain_id: number;
  sender: string;
  recipient: string;
  amount_wei: string;
  refunded_wei: string;
  block_number: string | null;
  pledge_id: string | null;
  value: string | null;
  resolution: string | null;
}

const eth = (wei: bigint) => `${formatEther(wei)} ETH`;

/** What a refund transaction returns of a donation: its transfer from the receiving address back to the sender, mined after the gift; null if none. */
async function refundedBy(context: LedgerContext, donation: DonationRow, refundHash: string): Promise<bigint | null> {
  const { reader, asset } = context.networkOf(donation.chain_id);
  const [receipt, refund] = await Promise.all([reader.receipt(refundHash), reader.transaction(refundHash)]);
  if (receipt?.status !== 1 || !refund || refund.chainId !== BigInt(donation.chain_id)) return null;
  if (donation.block_number !== null && receipt.blockNumber <= Number(donation.block_number)) return null;
  const back = (transfer: Transfer | null) =>
    transfer && !refusalOf(transfer, { from: donation.recipient, to: donation.sender, amountWei: transfer.amountWei })
      ? transfer.amountWei
      : null;
  if (asset.kind === 'native') return back(requestedTransfer(refund, asset));
  return (
    tokenTransfers(receipt.logs, asset.address)
      .map(back)
      .find((amount) => amount !== null) ?? null
  );
}

/**
 * Records a refund: checked on chain, each transaction once, never more than is left. The whole
 * returned resolves the donation `returned`; for one over its donor's cap, the excess returned
 * resolves it `excess-returned`; anything less is recorded, with what is still to go back.
 */
async function recordRefund(
  context: LedgerContext,
  donation: DonationRow,
  staffEmail: string,
  refundHash: string,
): Promise<ResolveOutcome> {
  const hash = refundHash.toLowerCase();
  const amount = await refundedBy(context, donation, hash);
  if (amount === null) {
    return {
      kind: 'refused',
      message:
        'That transaction does not return this donation: it must send ETH from the receiving address back to the sender, after the donation, and have succeeded.',
    };
  }
  const standing = standings(await ledgerRows(context.db), context.rules).get(donation.id);
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ refunded_wei: string; amount_wei: string }>(
      'SELECT refunded_wei::text, amount_wei::text FROM donations WHERE id = $1 FOR UPDATE',
      [donation.id],
    );
    const { rows: used } = await tx.query<{ donation_id: string }>(
      'SELECT donation_id::text FROM donation_refunds WHERE chain_id = $1 AND refund_hash = $2',
      [donation.chain_id, hash],
    );
    if (used[0])
      return {
        kind: 'refused',
        message: `That refund is recorded already, for donation no. ${used[0].donation_id}.`,
      } satisfies ResolveOutcome;
    const total = BigInt(rows[0]!.amount_wei);
    const before = BigInt(rows[0]!.refunded_wei);
    if (before + amount > total)
      return {
        kind: 'refused',
        message: `That transaction returns ${eth(amount)}, more than the ${eth(total - before)} left of this donation.`,
      } satisfies ResolveOutcome;
    const after = before + amount;
    const excessReturned =
      standing?.attention.includes('over-cap') && standing.toReturnWei !== null && amount >= standing.toReturnWei;
    const resolution = after === total ? 'returned' : excessReturned ? 'excess-returned' : null;
    await tx.query(
      'INSERT INTO donation_refunds (donation_id, chain_id, refund_hash, amount_wei, recorded_by) VALUES ($1, $2, $3, $4, $5)',
      [donation.id, donation.chain_id, hash, amount.toString(), staffEmail],
    );
    await tx.query(
      `UPDATE donations SET refunded_wei = $2, resolution = coalesce($3, resolution), refund_hash = CASE WHEN $3 IS NULL THEN refund_hash ELSE $4 END,
              resolved_by = CASE WHEN $3 IS NULL THEN resolved_by ELSE $5 END, resolved_at = CASE WHEN $3 IS NULL THEN resolved_at ELSE now() END
        WHERE id = $1`,
      [donation.id, after.toString(), resolution, hash, staffEmail],
    );
    context.logger.info(
      { donation: donation.id, refundHash: hash, amountWei: amount.toString(), resolution, by: staffEmail },
      'a donation refund was recorded',
    );
    const due = standing?.toReturnWei ?? null;
    const message =
      resolution === 'returned'
        ? `The return of ${eth(total)} is recorded.`
        : resolution === 'excess-returned'
          ? `The return of ${eth(amount)}, the excess over the cap, is recorded; the rest of the donation stands.`
          : due === null
            ? `A refund of ${eth(amount)} is recorded; ${eth(total - after)} of the donation remains.`
            : `A refund of ${eth(amount)} is recorded; ${eth(due > amount ? due - amount : 0n)} is still to go back.`;
    return { kind: 'resolved', message } satisfies ResolveOutcome;
  });
}

/** Declares a transfer no pledge explains on its donor's behalf, from their written declaration. */
async function declareOnBehalf(
  context: LedgerContext,
  donation: DonationRow,
  staffEmail: string,
  declaration: Extract<DonationResolution, { resolution: 'declared' }>['declaration'],
): Promise<ResolveOutcome> {
  if (donation.pledge_id) return { kind: 'refused', message: 'This donation was declared by its donor already.' };
  if (context.rules.closedSince)
    return {
      kind: 'refused',
      message: `These rules accept no crypto since ${context.rules.closedSince}: a transfer received since must be returned, not declared.`,
    };
  const pledgeId = randomUUID();
  await context.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile, declaration_digest)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        pledgeId,
        donation.chain_id,
        donation.sender,
        donation.amount_wei,
        context.rules.currency,
        donation.value ?? 0,
        JSON.stringify(declaration),
        donorKey(declaration),
        declaration.email ?? null,
        context.rules.profile,
        declarationDigest(declaration),
      ],
    );
    await tx.query(
      `UPDATE donations SET pledge_id = $2, resolution = 'declared', resolved_by = $3, resolved_at = now() WHERE id = $1`,
      [donation.id, pledgeId, staffEmail],
    );
  });
  context.logger.info(
    { donation: donation.id, by: staffEmail },
    'a donation was declared by the treasurer on its donor’s behalf',
  );
  return { kind: 'resolved', message: 'The transfer is declared.' };
}

/**
 * The treasurer resolves a donation that needs action: a refund (checked on chain), or a
 * declaration given on the donor's behalf for a transfer no pledge explains.
 */
export async function resolveDonation(
  context: LedgerContext,
  donationId: string,
  staffEmail: string,
  resolution: DonationResolution,
): Promise<ResolveOutcome> {
  const { rows } = await context.db.query<DonationRow>(
    'SELECT id::text, chain_id, sender, recipient, amount_wei::text, refunded_wei::text, block_number::text, pledge_id, value::text, resolution FROM donations WHERE id = $1',
    [donationId],
  );
  const donation = rows[0];
  if (!donation) return { kind: 'not-found' };
  if (donation.resolution === 'returned') return { kind: 'refused', message: 'This donation is returned already.' };
  if (resolution.resolution === 'returned') return recordRefund(context, donation, staffEmail, resolution.refundHash);
  if (donation.resolution)
    return { kind: 'refused', message: `This donation is already resolved (${donation.resolution}).` };
  return declareOnBehalf(context, donation, staffEmail, resolution.declaration);
}
