import type { DonationStatus } from '@party/shared-contracts';
import type { Queryable } from '../../platform/index.js';
import type { ChainReader } from './chain-reader.js';
import type { NetworkRules } from './donation-rules.js';
import type { Valuation } from './donation-value.js';

/** Whether a transaction mined in `blockNumber` is at the rules' depth. */
export async function standing(network: NetworkRules, reader: ChainReader, blockNumber: number): Promise<'received' | 'confirmed'> {
  if (network.confirmations === 'finalized') return (await reader.finalizedBlockNumber()) >= blockNumber ? 'confirmed' : 'received';
  return (await reader.blockNumber()) - blockNumber + 1 >= network.confirmations ? 'confirmed' : 'received';
}

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
  /** When it is next re-checked, from now. */
  recheckInMs: number;
  /** Made by a contract inside the transaction: its sender is the contract. */
  internal?: boolean;
}

/** Records a donation once: false when its transaction is recorded already. */
export async function insertDonation(db: Queryable, donation: NewDonation): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status, block_number, block_hash,
                            currency, value, rate, price_rounds, received_at, confirmed_at, next_check_at, internal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
             CASE WHEN $8 <> 'pending' THEN now() END, CASE WHEN $8 = 'confirmed' THEN now() END, now() + $15 * interval '1 millisecond', $16)
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
      donation.recheckInMs,
      donation.internal ?? false,
    ],
  );
  return rows.length > 0;
}
