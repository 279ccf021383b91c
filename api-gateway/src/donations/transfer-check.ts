import { getAddress, id, type Log, type TransactionResponse } from 'ethers';
import type { DonationAsset } from '@party/shared-contracts';

/** Who sent how much to whom, in wei, as a transaction asks for it or a receipt shows it. */
export interface Transfer {
  from: string;
  to: string;
  amountWei: bigint;
}

const TRANSFER_SELECTOR = '0xa9059cbb';
export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const lower = (address: string | null | undefined) => address?.toLowerCase() ?? '';
const addressOfWord = (word: string) => getAddress(`0x${word.slice(-40)}`).toLowerCase();

/**
 * The transfer a transaction asks for: its own value where ETH is the network's coin, or the
 * `transfer(to, amount)` it calls on the network's ETH token (Polygon's WETH). Null for anything else.
 */
export function requestedTransfer(
  tx: Pick<TransactionResponse, 'from' | 'to' | 'value' | 'data'>,
  asset: DonationAsset,
): Transfer | null {
  if (asset.kind === 'native') return tx.to ? { from: lower(tx.from), to: lower(tx.to), amountWei: tx.value } : null;
  const data = tx.data.toLowerCase();
  if (lower(tx.to) !== lower(asset.address) || !data.startsWith(TRANSFER_SELECTOR) || data.length !== 2 + 8 + 128)
    return null;
  return { from: lower(tx.from), to: addressOfWord(data.slice(10, 74)), amountWei: BigInt(`0x${data.slice(74)}`) };
}

type ReceiptLog = Pick<Log, 'address' | 'topics' | 'data'>;

/** A token's `Transfer` events in a receipt's logs. */
export function tokenTransfers(logs: readonly ReceiptLog[], token: string): Transfer[] {
  return logs
    .filter((log) => lower(log.address) === lower(token) && log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3)
    .map((log) => ({
      from: addressOfWord(log.topics[1]!),
      to: addressOfWord(log.topics[2]!),
      amountWei: BigInt(log.data),
    }));
}

/** The transfer to `recipient` that a mined transaction made, by its receipt; null if it made none. */
export function minedTransfer(
  receipt: { status: number | null; logs: readonly ReceiptLog[] },
  tx: Pick<TransactionResponse, 'from' | 'to' | 'value' | 'data'>,
  asset: DonationAsset,
  recipient: string,
): Transfer | null {
  if (receipt.status !== 1) return null;
  if (asset.kind === 'native') return requestedTransfer(tx, asset);
  return tokenTransfers(receipt.logs, asset.address).find((transfer) => transfer.to === lower(recipient)) ?? null;
}

export const refusals = {
  'unknown-transaction': 'We could not find this transaction on the network.',
  'wrong-recipient': 'This transaction does not send to our receiving address.',
  'wrong-amount': 'This transaction does not send the amount you pledged.',
  'wrong-sender': 'This transaction was not sent from the account you pledged with.',
  reverted: 'This transaction failed on the network: nothing was given.',
  'wrong-chain': 'This transaction was made on another network than the one you pledged on.',
  'before-pledge':
    'This transaction was sent before your pledge was made, so it cannot fulfil it. If it was a gift, write to us and our treasurer will resolve it.',
  unsigned: 'This pledge was not signed by the wallet it names. Please start your donation again.',
  expired:
    'This pledge expired before its transaction was reported. If you sent it, write to us quoting the transaction and our treasurer will resolve it.',
} as const;

export type Refusal = keyof typeof refusals;

/** Why `transfer` does not fulfil what was pledged, or null when it does. */
export function refusalOf(transfer: Transfer | null, expected: Transfer): Refusal | null {
  if (!transfer || transfer.to !== lower(expected.to)) return 'wrong-recipient';
  if (transfer.from !== lower(expected.from)) return 'wrong-sender';
  if (transfer.amountWei !== expected.amountWei) return 'wrong-amount';
  return null;
}
