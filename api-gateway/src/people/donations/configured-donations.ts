import type { GatewayConfig } from '../../config.js';
import type { Gauge } from 'prom-client';
import type { Database, Logger, SiteOrigin } from '../../platform/index.js';
import type { SignedLinks } from '../email/signed-links.js';
import { donationLedger, type DonationLedger } from './donation-ledger.js';
import { scheduleDonationChecks } from './donation-routes.js';
import { hasLedger } from './donation-rules.js';

/**
 * The donation ledger the configuration asks for (none when the rules accept no crypto and keep no
 * records), with its checks on chain running where this instance is the one that does them.
 */
export function configuredDonations(
  config: Pick<GatewayConfig, 'donations'>,
  {
    db,
    logger,
    networkGauge,
    siteOrigin,
    onEmailQueued,
    emailLinks,
    reportWaitMs,
  }: {
    db: Database;
    logger: Logger;
    /** Set to 1 for a network whose endpoints answer, 0 for one that does not. */
    networkGauge: Gauge<'chain_id'>;
    siteOrigin: SiteOrigin;
    onEmailQueued: () => void;
    emailLinks: SignedLinks;
    /** How long a donation report waits for its transaction to be mined (tests shorten it). */
    reportWaitMs?: number;
  },
): { ledger: DonationLedger | null; stopChecks: () => void } {
  const { rules, worker, recheckMs, rpcTimeoutMs, pledgeMs } = config.donations;
  logger.info({ profile: rules.profile, accepting: rules.accepting }, 'donation rules');
  if (!hasLedger(rules)) return { ledger: null, stopChecks: () => undefined };
  const ledger = donationLedger(db, rules, logger, {
    recheckMs,
    rpcTimeoutMs,
    pledgeMs,
    siteOrigin,
    networkGauge,
    onEmailQueued,
    emailLinks,
    ...(reportWaitMs !== undefined && { reportWaitMs }),
  });
  const stopChecks = worker
    ? scheduleDonationChecks(ledger, recheckMs, (error) =>
        logger.warn({ err: error }, 'donations could not be re-checked'),
      )
    : () => undefined;
  return { ledger, stopChecks };
}
