import type { DonationStatus } from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import type { Valuation } from './donation-value.js';
import type { Disagreement } from './onchain-settlement.js';

export interface NewDonation {
  chainId: number;
  txHash: string;
  /** Null for a transfer no pledge explains (undeclared). */
  pledgeId: string | null;
  sender: string;
  recipient: string;
  amountWei: bigint;
  nonce: number;
  status: DonationStatus;
  mined: { blockNumber: number; blockHash: string } | null;
  currency: string;
  valuation: Valuation | null;
  disagreement: Disagreement | null;
  /** When it is next re-checked, from now. */
  recheckInMs: number;
  /** Made by a contract inside the transaction: its sender is the contract. */
  internal?: boolean;
}

/** Records a donation once: false when its transaction (or its pledge) is recorded already. */
export async function insertDonation(db: Queryable, donation: NewDonation): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status, block_number, block_hash,
                            currency, value, rate, price_rounds, price_stale, disagreement, received_at, confirmed_at, next_check_at, internal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
             CASE WHEN $8 <> 'pending' THEN now() END, CASE WHEN $8 = 'confirmed' THEN now() END, now() + $17 * interval '1 millisecond', $18)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      donation.chainId,
      donation.txHash.toLowerCase(),
      donation.pledgeId,
      donation.sender.toLowerCase(),
      donation.recipient.toLowerCase(),
      donation.amountWei.toString(),
      donation.nonce,
      donation.status,
      donation.mined?.blockNumber ?? null,
      donation.mined?.blockHash ?? null,
      donation.currency,
      donation.valuation?.value ?? null,
      donation.valuation?.rate ?? null,
      donation.valuation ? JSON.stringify(donation.valuation.rounds) : null,
      (donation.valuation?.staleFeeds.length ?? 0) > 0,
      donation.disagreement ? JSON.stringify(donation.disagreement) : null,
      donation.recheckInMs,
      donation.internal ?? false,
    ],
  );
  return rows.length > 0;
}
