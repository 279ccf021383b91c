import type { Context } from 'koa';
import type { PageData, SiteSettings } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import type { GatewayModule, Platform } from '../platform/index.js';
import { scheduleDonationChecks } from './donation-checks.js';
import { donationGauges } from './donation-gauges.js';
import { donationLedger } from './donation-ledger.js';
import { donationPageData, donationRoutes } from './donation-routes.js';
import { donationTerms, hasLedger, readDonationRules } from './donation-rules.js';
import { treasurerView } from './treasurer-view.js';

/** What a test may put in place of what the configuration would make. */
export interface DonationsOverrides {
  /** How long a donation report waits for its transaction to be mined. */
  donationReportWaitMs?: number;
}

/** What the donations module gives the rest of the gateway, besides what it mounts. */
export interface Donations extends GatewayModule {
  /** What every page is rendered with: the donation terms. */
  readonly settings: SiteSettings;
  /** The public ledger's page data, for that page alone (null for every other). */
  pageData(pathname: string): Promise<{ key: string; data: PageData } | null>;
  /** The treasurer's view, for the staff console; null when the rules accept no crypto and keep no records. */
  readonly treasurer: ReturnType<typeof treasurerView> | null;
  /** How many years a received donation's declaration is kept; null: the rules accept no crypto. */
  readonly recordsKeptYears: number | null;
}

/**
 * The donations module: the rules (DONATION_RULES, read here), pledges signed by their wallets,
 * reports verified on chain, the watcher and re-checks (where DONATION_WORKER says this instance
 * does them), the public ledger, receipts and the treasurers' email.
 */
export async function donationsModule(
  config: Pick<GatewayConfig, 'donations'>,
  {
    platform: { db, logger, metrics, siteOrigin, emailLinks, emailQueued },
    signedInEmail,
    overrides = {},
  }: {
    platform: Pick<Platform, 'db' | 'logger' | 'metrics' | 'siteOrigin' | 'emailLinks' | 'emailQueued'>;
    /** The email of the member a request is signed in as (the people module's), which a pledge under it proves. */
    signedInEmail: (ctx: Context) => Promise<string | null>;
    overrides?: DonationsOverrides;
  },
): Promise<Donations> {
  const { worker, recheckMs, rpcTimeoutMs, pledgeMs } = config.donations;
  const rules = readDonationRules(config.donations.rules);
  logger.info({ profile: rules.profile, accepting: rules.accepting }, 'donation rules');
  const terms = donationTerms(rules);
  const { networkUp } = donationGauges(db, metrics.registry);
  const ledger = hasLedger(rules)
    ? donationLedger(db, rules, logger, {
        recheckMs,
        rpcTimeoutMs,
        pledgeMs,
        siteOrigin,
        networkGauge: networkUp,
        onEmailQueued: emailQueued,
        emailLinks,
        ...(overrides.donationReportWaitMs !== undefined && { reportWaitMs: overrides.donationReportWaitMs }),
      })
    : null;
  const stopChecks =
    ledger && worker
      ? scheduleDonationChecks(ledger, recheckMs, (error) =>
          logger.warn({ err: error }, 'donations could not be re-checked'),
        )
      : () => undefined;

  return {
    settings: { donations: terms },
    pageData: donationPageData(ledger),
    treasurer: ledger ? treasurerView(db, ledger) : null,
    recordsKeptYears: hasLedger(rules) ? rules.recordsKeptYears : null,
    routes(router, guards) {
      donationRoutes(router, terms, ledger, guards, signedInEmail);
    },
    async stop() {
      stopChecks();
      ledger?.close();
    },
  };
}
