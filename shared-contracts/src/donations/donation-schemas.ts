import * as z from 'zod/mini';
import { emailField, mustBeTrue, textField } from '../forms/form-fields.js';
import type { DonationPledgeTypedData } from './donation-signature.js';
import { declarationFields, type AcceptingDonationTerms, type DeclarationFieldId } from './donation-terms.js';

// The schemas of the donate page's requests, in the browser before sending and in the gateway on
// arrival. Apart from the terms and labels (donation-terms.ts) so that a page loads zod only when
// the donor submits.

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
/** A decimal amount of ETH, never a float: at most 18 decimals, more than zero. */
const AMOUNT_ETH = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,18})?$/;
export const AFFIRMATIONS_REFUSED = 'Please confirm each statement to donate';
export const INVALID_DONATION_AMOUNT = 'Please enter a valid donation amount.';

/** The fields the rules ask a donor to declare, each trimmed and checked. */
function declarationShape(terms: Pick<AcceptingDonationTerms, 'declaration'>) {
  return Object.fromEntries(
    terms.declaration.fields.map((id) => {
      const field = declarationFields[id];
      return [
        id,
        id === 'email' ? emailField(field.message) : textField(field.min, field.message, field.max, field.message),
      ];
    }),
  );
}

/** The declaration the rules ask for: those fields, each trimmed, and every affirmation ticked. */
export function declarationSchema(terms: Pick<AcceptingDonationTerms, 'declaration'>) {
  const ids = terms.declaration.affirmations.map((affirmation) => affirmation.id);
  return z.object({
    ...declarationShape(terms),
    affirmations: z
      .array(z.string(AFFIRMATIONS_REFUSED), AFFIRMATIONS_REFUSED)
      .check(z.refine((ticked) => ids.every((id) => ticked.includes(id)), AFFIRMATIONS_REFUSED)),
  });
}

export type DonationDeclaration = Partial<Record<DeclarationFieldId, string>> & { affirmations: string[] };

/**
 * A pledge: what the donor is about to send, from which account, on which network, with the
 * declaration when the rules ask for one. Posted before the wallet is asked for anything.
 */
export function donationPledgeSchema(terms: AcceptingDonationTerms) {
  return z.object({
    chainId: z
      .number()
      .check(
        z.refine(
          (chainId) => terms.networks.some((network) => network.chainId === chainId),
          'This network is not accepted',
        ),
      ),
    account: z.string().check(z.regex(ADDRESS, 'A wallet account is an address of 40 hexadecimal digits')),
    amountEth: z.string(INVALID_DONATION_AMOUNT).check(z.regex(AMOUNT_ETH, INVALID_DONATION_AMOUNT)),
    declaration: z.optional(declarationSchema(terms)),
    privacy: z.optional(mustBeTrue('You must agree to the privacy policy')),
  });
}

export interface DonationPledge {
  chainId: number;
  account: string;
  amountEth: string;
  declaration?: DonationDeclaration;
  privacy?: true;
}

/** The gateway's answer to a pledge: what the donor's wallet is to sign before it sends, and until when. */
export interface DonationPledgeReceipt {
  pledge: string;
  typedData: DonationPledgeTypedData;
  expiresAt: string;
}

/** The wallet's EIP-712 signature of a pledge's typed data: 65 bytes (or EIP-2098's compact 64). */
export const donationSignatureSchema = z.object({
  signature: z
    .string('A signature is 0x and 130 hexadecimal digits')
    .check(z.regex(/^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, 'A signature is 0x and 130 hexadecimal digits')),
});
export type DonationSignature = z.infer<typeof donationSignatureSchema>;

/** The gateway's refusal of a pledge above the declaration threshold without a declaration (422). */
export interface DeclarationRequired {
  message: string;
  declarationRequired: true;
}

/** Sent once the wallet has broadcast the transaction. */
export const donationReportSchema = z.object({
  pledge: z.string().check(z.uuid('Unknown pledge')),
  chainId: z.number(),
  txHash: z.string().check(z.regex(TX_HASH, 'A transaction hash is 64 hexadecimal digits')),
});
export type DonationReport = z.infer<typeof donationReportSchema>;

/**
 * How the treasurer resolves a donation that needs action: records its return with the refund's
 * transaction (checked on chain), or declares it on the donor's behalf from their written declaration.
 */
export function donationResolutionSchema(terms: Pick<AcceptingDonationTerms, 'declaration'>) {
  return z.union([
    z.object({ resolution: z.literal('returned'), refundHash: refundHashField() }),
    z.object({ resolution: z.literal('declared'), declaration: declarationSchema(terms) }),
  ]);
}

const refundHashField = () =>
  z
    .string('Enter the refund’s transaction hash')
    .check(z.trim(), z.regex(TX_HASH, 'A transaction hash is 0x and 64 hexadecimal digits'));

/** The refund of a donation, as the treasurer records it. */
export const donationRefundSchema = z.object({ refundHash: refundHashField() });

/**
 * A declaration the treasurer enters for a donor who made it in writing: the rules' fields, and a
 * confirmation standing for the donor's affirmations.
 */
export function declarationOnBehalfSchema(terms: Pick<AcceptingDonationTerms, 'declaration'>) {
  return z.object({
    ...declarationShape(terms),
    confirmed: mustBeTrue('Confirm that the donor made each statement in writing'),
  });
}
export type DonationResolution =
  { resolution: 'returned'; refundHash: string } | { resolution: 'declared'; declaration: DonationDeclaration };
