import type { Gauge } from 'prom-client';
import type { DonationPledge, DonationReport, DonationResolution, PublicDonationLedger } from '@party/shared-contracts';
import type { Database, Logger, SiteOrigin, SignedLinks } from '../platform/index.js';
import { chainReader, type ChainReader } from './chain-reader.js';
import {
  pledgeDonation,
  type Pledger,
  signPledge,
  withdrawPledge,
  type PledgeOutcome,
  type SignatureOutcome,
  type WithdrawalOutcome,
} from './donation-pledges.js';
import { recheckDue } from './donation-recheck.js';
import { reportDonation, type ReportOutcome } from './donation-reports.js';
import { resolveDonation, type ResolveOutcome } from './donation-resolutions.js';
import type { LedgerRules } from './donation-rules.js';
import { donationWatch, type DonationWatchOptions } from './donation-watch.js';
import { confirmDonorEmail } from './donor-emails.js';
import { ledgerContext, type LedgerContext, type LedgerTiming } from './ledger-context.js';
import { networkHealth } from './network-health.js';
import { publicLedgerReader } from './public-ledger.js';
import { sendTreasurerDigest } from './treasurer-digest.js';

export type { PledgeOutcome, ReportOutcome, ResolveOutcome, SignatureOutcome, WithdrawalOutcome };

export interface DonationLedger {
  /** Values a pledge now, checks it against the rules (declaration, price, cap) and stores it for its wallet to sign. */
  pledge(pledge: DonationPledge, pledger: Pledger): Promise<PledgeOutcome>;
  /** Takes the pledge's wallet signature (EIP-712), the cap weighed again; without it no transaction fulfils the pledge. */
  sign(pledgeId: string, signature: string): Promise<SignatureOutcome>;
  /** The donor sent nothing: the pledge stops counting toward their cap. */
  withdraw(pledgeId: string): Promise<WithdrawalOutcome>;
  /** Verifies a broadcast transaction against its signed pledge on chain and records it. */
  report(report: DonationReport): Promise<ReportOutcome>;
  /** Re-checks the donations that are due (pending, or not yet at their depth); resolves with how many. */
  recheckDue(): Promise<number>;
  /** Reads each network's next blocks for transfers (DonationWatch). */
  watch(): Promise<number>;
  /** Once a day, the treasurers' email of what falls due (TreasurerDigest); resolves with how many emails. */
  digest(now?: Date): Promise<number>;
  /** Checks every RPC endpoint's chain once (the worker does at start). */
  verifyEndpoints(): Promise<void>;
  publicLedger(): Promise<PublicDonationLedger>;
  /** The donor followed their receipt's link: the email they gave is theirs (false: not a valid link). */
  confirmEmail(token: string): Promise<boolean>;
  /** The treasurer resolves a donation that needs action: a refund checked on chain, or a declaration on the donor's behalf. */
  resolve(donationId: string, staffEmail: string, resolution: DonationResolution): Promise<ResolveOutcome>;
  /** What the treasurer's view and the tests read the ledger through. */
  readonly context: LedgerContext;
  close(): void;
}

/** What the configuration sets (DONATION_CHECK_MS, DONATION_PLEDGE_MINUTES, DONATION_RPC_TIMEOUT_MS), and the rest. */
export interface DonationLedgerOptions
  extends Pick<LedgerTiming, 'recheckMs' | 'pledgeMs'>, Partial<Omit<LedgerTiming, 'recheckMs' | 'pledgeMs'>> {
  /** Passed to each network's reader. */
  rpcTimeoutMs: number;
  /** Called when an email has been put in the outbox (wakes this process's worker). */
  onEmailQueued: () => void;
  /** The site a pledge is made on: its receipt and the treasurers' email link to it. */
  siteOrigin: SiteOrigin;
  /** Signs the link in a receipt by which a donor confirms their email. */
  emailLinks: SignedLinks;
  /** Set to 1 for a network whose endpoints answer, 0 for one that does not. */
  networkGauge?: Gauge<'chain_id'>;
  readers?: Map<number, ChainReader>;
  watch?: DonationWatchOptions;
}

/**
 * The donations the party can prove, composed from their parts: pledges signed by their wallets,
 * reports verified on chain, re-checks until final, the watcher of every transfer, refunds and
 * declarations by the treasurer, and the treasurers' daily email (decisions 0026 and 0034).
 */
export function donationLedger(
  db: Database,
  rules: LedgerRules,
  logger: Logger,
  options: DonationLedgerOptions,
): DonationLedger {
  const timing: LedgerTiming = {
    reportWaitMs: options.reportWaitMs ?? 5_000,
    recheckMs: options.recheckMs,
    maxRecheckMs: options.maxRecheckMs ?? 10 * 60_000,
    dropAfterMs: options.dropAfterMs ?? 60 * 60_000,
    pledgeMs: options.pledgeMs,
  };
  const health = networkHealth(logger, {
    baseMs: timing.recheckMs,
    ceilingMs: timing.maxRecheckMs,
    ...(options.networkGauge && { gauge: options.networkGauge }),
  });
  const readers =
    options.readers ??
    new Map(
      rules.networks.map((network) => [
        network.chainId,
        chainReader(network.chainId, network.rpcUrls, logger, { timeoutMs: options.rpcTimeoutMs, health }),
      ]),
    );
  const context = ledgerContext({
    db,
    rules,
    logger,
    health,
    timing,
    readers,
    siteOrigin: options.siteOrigin,
    onEmailQueued: options.onEmailQueued,
    emailLinks: options.emailLinks,
  });
  const watcher = donationWatch(context, options.watch);
  const publicLedger = publicLedgerReader();
  return {
    context,
    pledge: (pledge, pledger) => pledgeDonation(context, pledge, pledger),
    sign: (pledgeId, signature) => signPledge(context, pledgeId, signature),
    withdraw: (pledgeId) => withdrawPledge(context, pledgeId),
    report: (report) => reportDonation(context, report),
    recheckDue: () => recheckDue(context),
    watch: () => watcher.watch(),
    digest: (now) => sendTreasurerDigest(context, now),
    verifyEndpoints: async () => {
      await Promise.all([...readers.values()].map((reader) => reader.verifyEndpoints()));
    },
    publicLedger: () => publicLedger(context),
    confirmEmail: (token) => confirmDonorEmail(context, token),
    resolve: (donationId, staffEmail, resolution) => resolveDonation(context, donationId, staffEmail, resolution),
    close: () => readers.forEach((reader) => reader.close()),
  };
}
