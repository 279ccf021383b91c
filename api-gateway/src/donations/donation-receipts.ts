import { formatEther } from 'ethers';
import { donationNetwork, explorerTxUrl, PARTY_NAME } from '@party/shared-contracts';
import { renderEmail, enqueueEmail } from '../platform/index.js';
import { emailConfirmationLink } from './donor-emails.js';
import type { LedgerContext } from './ledger-context.js';

/**
 * Puts a receipt in the outbox for each confirmed donation whose donor gave an email address and
 * has none yet: marked and queued in one transaction, so each is sent once.
 */
export async function queueReceipts(context: LedgerContext): Promise<number> {
  const queued = await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      chain_id: number;
      tx_hash: string;
      amount_wei: string;
      value: string;
      received_at: Date;
      email: string;
      email_confirmed: boolean;
      pledge_id: string;
      name: string | null;
      site_origin: string | null;
    }>(
      `UPDATE donations d SET receipt_queued_at = now()
         FROM donation_pledges p
        WHERE p.id = d.pledge_id AND d.status = 'confirmed' AND d.receipt_queued_at IS NULL AND p.email IS NOT NULL
        RETURNING d.chain_id, d.tx_hash, d.amount_wei::text, d.value::text, d.received_at, p.email, p.email_confirmed, p.id AS pledge_id, p.declaration->>'fullName' AS name, p.site_origin`,
    );
    for (const row of rows) {
      const origin = row.site_origin ?? '';
      const network = donationNetwork(row.chain_id);
      const explorer = explorerTxUrl(row.chain_id, row.tx_hash);
      const confirmation = row.email_confirmed ? null : emailConfirmationLink(context, origin, row.pledge_id);
      const email = renderEmail(
        {
          subject: `Your donation to ${PARTY_NAME}: receipt`,
          paragraphs: [
            row.name ? `Dear ${row.name},` : 'Hello,',
            `Thank you for your donation of ${formatEther(BigInt(row.amount_wei))} ETH on ${network?.name ?? `chain ${row.chain_id}`}, worth ${context.money(row.value)} when we received it on ${new Date(row.received_at).toISOString().slice(0, 10)}. It is confirmed on the blockchain and recorded in our ledger.`,
            `Transaction: ${row.tx_hash}`,
            ...(confirmation && explorer ? [`See the transaction: ${explorer}`] : []),
            'Donations to a political party are not tax-deductible. Keep this email for your records.',
            ...(confirmation
              ? [
                  'If you made this donation, please confirm that this address is yours. The law limits what one person may give in a year; once you confirm, we count your gifts under this address together, from any wallet, and never tell anyone else what you gave. If you did not make it, ignore this email.',
                ]
              : []),
          ],
          ...(confirmation
            ? { action: { label: 'Confirm this address is mine', url: confirmation } }
            : explorer
              ? { action: { label: 'See the transaction', url: explorer } }
              : {}),
          footnote: `You receive this because you donated through ${origin || 'our website'} and gave this address for your receipt.`,
        },
        origin,
      );
      await enqueueEmail(tx, { kind: 'donation-receipt', to: row.email, ...email });
    }
    return rows.length;
  });
  if (queued > 0) context.onEmailQueued();
  return queued;
}
