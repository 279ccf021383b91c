import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'ethers';
import * as z from 'zod';
import { declarationFieldIds, donationNetwork, type AcceptingDonationTerms, type DeclarationFieldId, type DonationTerms } from '@party/shared-contracts';

const profilesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../donation-rules');

/** A checksummed address: a typo in a receiving address must stop the gateway, never take money. */
const address = z.string().transform((value, context) => {
  try {
    const checksummed = getAddress(value);
    if (checksummed !== value && value !== value.toLowerCase()) throw new Error('bad checksum');
    return checksummed;
  } catch {
    context.addIssue({ code: 'custom', message: `${value} is not a valid, checksummed address` });
    return z.NEVER;
  }
});

const networkRulesSchema = z.object({
  chainId: z.number().int().refine((chainId) => donationNetwork(chainId) !== undefined, 'a network the site knows (shared-contracts donationNetworks)'),
  receivingAddress: address,
  /** Tried in order: the next when one fails or is slow. Never sent to a browser. */
  rpcUrls: z.array(z.url({ protocol: /^https?$/ })).min(1),
  /** Blocks on top of a donation's before it is `confirmed`, or the chain's `finalized` tag. */
  confirmations: z.union([z.number().int().min(1).max(1000), z.literal('finalized')]),
  /**
   * Chainlink aggregators whose answers, multiplied (or divided, `invert`), give the price of 1 ETH
   * in the rules' currency: ETH/USD alone, or ETH/USD then GBP/USD inverted.
   */
  priceFeeds: z.array(z.object({ address, invert: z.boolean().default(false) })).min(1),
});

const acceptingSchema = z.object({
  profile: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** The law the figures come from: a compliance officer confirms them. */
  source: z.string().min(1),
  accepting: z.literal(true),
  currency: z.string().regex(/^[A-Z]{3}$/),
  declarationThreshold: z.number().min(0),
  cap: z
    .object({
      amount: z.number().positive(),
      period: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('calendar-year') }),
        z.object({ kind: z.literal('since'), date: z.iso.date(), label: z.string().min(1) }),
      ]),
    })
    .nullable(),
  disclosureThreshold: z.number().min(0),
  /** How long a received donation's declaration is kept (election law's records); then it is erased. */
  recordsKeptYears: z.number().int().min(1).max(20),
  declaration: z.object({
    fields: z.array(z.enum(declarationFieldIds as [DeclarationFieldId, ...DeclarationFieldId[]])).min(1),
    affirmations: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), text: z.string().min(1) })),
  }),
  /** The column set of the treasurer's CSV: the regulator's return it feeds. */
  regulatorExport: z.enum(['fec', 'electoral-commission']),
  networks: z
    .array(networkRulesSchema)
    .min(1)
    .refine((networks) => new Set(networks.map((network) => network.chainId)).size === networks.length, 'each network once'),
});

const closedSchema = z.object({
  profile: z.string().regex(/^[a-z0-9-]{1,40}$/),
  source: z.string().min(1),
  accepting: z.literal(false),
  message: z.string().min(1),
  otherWays: z.string().min(1),
});

export const donationRulesSchema = z.discriminatedUnion('accepting', [acceptingSchema, closedSchema]);

export type DonationRules = z.infer<typeof donationRulesSchema>;
export type AcceptingDonationRules = z.infer<typeof acceptingSchema>;
export type NetworkRules = z.infer<typeof networkRulesSchema>;

/** The shipped profiles, by name: `DONATION_RULES=uk`. */
export const donationProfiles = ['us-federal', 'uk', 'no-crypto'] as const;

/**
 * The donation rules `spec` names: a shipped profile, or the path of a JSON file of the same shape.
 * Throws with every problem listed.
 */
export function readDonationRules(spec: string): DonationRules {
  const file = (donationProfiles as readonly string[]).includes(spec) ? path.join(profilesDir, `${spec}.json`) : path.resolve(spec);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The donation rules ${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const parsed = donationRulesSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid donation rules in ${file}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What pages may know of the rules: never an RPC URL or a price feed. */
export function donationTerms(rules: AcceptingDonationRules): AcceptingDonationTerms;
export function donationTerms(rules: DonationRules): DonationTerms;
export function donationTerms(rules: DonationRules): DonationTerms {
  if (!rules.accepting) return { accepting: false, message: rules.message, otherWays: rules.otherWays };
  return {
    accepting: true,
    profile: rules.profile,
    currency: rules.currency,
    declarationThreshold: rules.declarationThreshold,
    cap: rules.cap,
    disclosureThreshold: rules.disclosureThreshold,
    declaration: rules.declaration,
    networks: rules.networks.map(({ chainId, receivingAddress }) => ({ chainId, receivingAddress })),
  };
}

/** When the period the cap counts over began (a calendar year's start without one). */
export function capPeriodStart(rules: Pick<AcceptingDonationRules, 'cap'>, now = new Date()): Date {
  const period = rules.cap?.period;
  if (period?.kind === 'since') return new Date(`${period.date}T00:00:00Z`);
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}
