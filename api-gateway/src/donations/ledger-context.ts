import { type DonationAsset, donationNetwork, formatMoney } from '@party/shared-contracts';
import type { Database, Logger, SignedLinks, SiteOrigin } from '../platform/index.js';
import type { ChainReader } from './chain-reader.js';
import type { LedgerRules, NetworkRules } from './donation-rules.js';
import type { NetworkHealth } from './network-health.js';

/** What each part of the donation ledger works with: the database, the rules, the networks' readers. */
export interface LedgerContext {
  db: Database;
  rules: LedgerRules;
  logger: Logger;
  health: NetworkHealth;
  /** The network's rules, reader and how ETH travels on it; throws for a network the rules do not name. */
  networkOf(chainId: number): { network: NetworkRules; reader: ChainReader; asset: DonationAsset };
  /** An amount in the rules' currency as a donor reads it, e.g. `$1,000.00`. */
  money(amount: number | string): string;
  timing: LedgerTiming;
  /** The site a pledge is made on: its receipt and the treasurers' email link to it. */
  siteOrigin: SiteOrigin;
  /** Called when an email has been put in the outbox (wakes this process's worker). */
  onEmailQueued(): void;
  /** Signs the link a receipt carries to confirm the donor's email. */
  emailLinks: SignedLinks;
}

export interface LedgerTiming {
  /** How long a report waits for its transaction to reach the gateway's node. */
  reportWaitMs: number;
  /** The first wait before a pending donation is checked again; it doubles up to `maxRecheckMs`. */
  recheckMs: number;
  maxRecheckMs: number;
  /** A transaction gone from the chain and the mempool, its nonce unused, is dropped after this. */
  dropAfterMs: number;
  /** How long a pledge holds its place under the donor's cap, and may be fulfilled. */
  pledgeMs: number;
}

export function ledgerContext(
  fields: Omit<LedgerContext, 'networkOf' | 'money'> & { readers: ReadonlyMap<number, ChainReader> },
): LedgerContext {
  const { readers, ...rest } = fields;
  return {
    ...rest,
    networkOf(chainId) {
      const network = fields.rules.networks.find((candidate) => candidate.chainId === chainId);
      const reader = readers.get(chainId);
      const known = donationNetwork(chainId);
      if (!network || !reader || !known) throw new Error(`The donation rules do not accept chain ${chainId}`);
      return { network, reader, asset: known.asset };
    },
    money: (amount) => formatMoney(amount, fields.rules.currency),
  };
}
