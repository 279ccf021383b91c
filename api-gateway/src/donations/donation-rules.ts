import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'ethers';
import * as z from 'zod';
import {
  declarationFieldIds,
  donationNetwork,
  type AcceptingDonationTerms,
  type DeclarationFieldId,
  type DonationTerms,
} from '@party/shared-contracts';

const profilesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../donation-rules');

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
  chainId: z
    .number()
    .int()
    .refine(
      (chainId) => donationNetwork(chainId) !== undefined,
      'a network the site knows (shared-contracts donationNetworks)',
    ),
  receivingAddress: address,
  /**
   * Tried in order: the next when one fails or is slow. Never sent to a browser. With two or more,
   * a donation is confirmed only when two of them agree on its receipt.
   */
  rpcUrls: z.array(z.url({ protocol: /^https?$/ })).min(1),
  /** Blocks on top of a donation's before it is `confirmed`, or the chain's `finalized` tag. */
  confirmations: z.union([z.number().int().min(1).max(1000), z.literal('finalized')]),
  /**
   * Chainlink aggregators whose answers, multiplied (or divided, `invert`), give the price of 1 ETH
   * in the rules' currency: ETH/USD alone, or ETH/USD then GBP/USD inverted. A round older than its
   * feed's heartbeat (Chainlink's published figure for that feed and network) is not used.
   */
  priceFeeds: z
    .array(
      z.object({
        address,
        invert: z.boolean().default(false),
        heartbeatSeconds: z
          .number()
          .int()
          .min(1)
          .max(7 * 86_400),
      }),
    )
    .min(1),
});

const days = z.number().int().min(1).max(365);

/** What a ledger of crypto donations needs, whether the party accepts them now or only accounts for what arrives. */
const accountingShape = {
  profile: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** The law the figures come from: a compliance officer confirms them. */
  source: z.string().min(1),
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
    .refine(
      (networks) => new Set(networks.map((network) => network.chainId)).size === networks.length,
      'each network once',
    ),
  /** Days from its receipt within which the law wants a donation needing action resolved, by what it needs. */
  deadlines: z.object({ undeclared: days, 'no-declaration': days, 'over-cap': days, closed: days }),
  /** A donation received on this day or after is to be returned: the law stopped allowing crypto then. */
  closedSince: z.iso.date().optional(),
};

const acceptingSchema = z.object({ ...accountingShape, accepting: z.literal(true) });

const notAccepting = {
  accepting: z.literal(false),
  message: z.string().min(1),
  otherWays: z.string().min(1),
};

/** Accepts nothing, and still follows its networks: what arrives is listed for return. */
const closedLedgerSchema = z.object({ ...accountingShape, ...notAccepting, closedSince: z.iso.date() });

/** Has never accepted crypto: no networks, nothing to follow. */
const noCryptoSchema = z.strictObject({
  profile: accountingShape.profile,
  source: accountingShape.source,
  ...notAccepting,
});

export const donationRulesSchema = z.union([acceptingSchema, closedLedgerSchema, noCryptoSchema]);

export type DonationRules = z.infer<typeof donationRulesSchema>;
export type AcceptingDonationRules = z.infer<typeof acceptingSchema>;
/** Rules with networks to follow and donations to account for, whether they accept new ones or not. */
export type LedgerRules = z.infer<typeof acceptingSchema> | z.infer<typeof closedLedgerSchema>;
export type NetworkRules = z.infer<typeof networkRulesSchema>;
export type PriceFeedRules = NetworkRules['priceFeeds'][number];
export type DonationDeadlineKind = keyof LedgerRules['deadlines'];

export const hasLedger = (rules: DonationRules): rules is LedgerRules => 'networks' in rules;

/** Whether a donor may pledge now: the rules accept crypto, and have not closed since. */
export const acceptsPledges = (rules: LedgerRules, now = new Date()): boolean =>
  rules.accepting && (!rules.closedSince || now < new Date(`${rules.closedSince}T00:00:00Z`));

/** The shipped profiles, by name: `DONATION_RULES=uk`. */
export const donationProfiles = ['us-federal', 'uk', 'no-crypto'] as const;

/**
 * The donation rules `spec` names: a shipped profile, or the path of a JSON file of the same shape.
 * Throws with every problem listed.
 */
export function readDonationRules(spec: string): DonationRules {
  const file = (donationProfiles as readonly string[]).includes(spec)
    ? path.join(profilesDir, `${spec}.json`)
    : path.resolve(spec);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The donation rules ${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  // The branch the file means, so that its errors are that branch's, not a union's "invalid input".
  const shape = json as { accepting?: unknown; networks?: unknown; closedSince?: unknown } | null;
  const schema =
    shape?.accepting === true
      ? acceptingSchema
      : shape?.networks !== undefined || shape?.closedSince !== undefined
        ? closedLedgerSchema
        : noCryptoSchema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid donation rules in ${file}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What pages may know of the rules: never an RPC URL or a price feed. */
export function donationTerms(rules: AcceptingDonationRules): AcceptingDonationTerms;
export function donationTerms(rules: DonationRules): DonationTerms;
export function donationTerms(rules: DonationRules): DonationTerms {
  if (!rules.accepting) return { accepting: false, message: rules.message, otherWays: rules.otherWays };
  if (!acceptsPledges(rules)) return { accepting: false, message: closedMessage(rules), otherWays: OTHER_WAYS };
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

const OTHER_WAYS = 'You can still support us: join as a member, volunteer, or write to us about other ways to give.';
const closedMessage = (rules: LedgerRules) =>
  `We no longer accept donations in cryptocurrency (since ${rules.closedSince}).`;

/** When the period the cap counts over began (a calendar year's start without one). */
export function capPeriodStart(rules: Pick<LedgerRules, 'cap'>, now = new Date()): Date {
  const period = rules.cap?.period;
  if (period?.kind === 'since') return new Date(`${period.date}T00:00:00Z`);
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}
