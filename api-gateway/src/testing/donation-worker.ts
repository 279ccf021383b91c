import type { Database } from '../platform/db/database.js';
import { signedLinks } from '../platform/email/signed-links.js';
import { donationLedger, type DonationLedger } from '../donations/donation-ledger.js';
import { hasLedger, readDonationRules } from '../donations/donation-rules.js';
import { TEST_SIGNING_SECRET, type TestGateway } from './test-gateway.js';

/**
 * The donation worker of a second instance on the gateway's database, as DONATION_WORKER=true runs
 * it, but whose rounds (watch, re-check, digest) the test runs when it chooses. Same rules and
 * timing as the gateway, logging into its lines; closed by the test.
 */
export function donationWorker(db: Database, gateway: TestGateway): DonationLedger {
  const { donations } = gateway.config;
  const rules = readDonationRules(donations.rules);
  if (!hasLedger(rules)) throw new Error(`The rules ${rules.profile} keep no donations to work on.`);
  return donationLedger(db, rules, gateway.logger, {
    recheckMs: donations.recheckMs,
    rpcTimeoutMs: donations.rpcTimeoutMs,
    pledgeMs: donations.pledgeMs,
    siteOrigin: { href: gateway.url, owns: (origin) => origin === gateway.url, listening: () => undefined },
    onEmailQueued: () => undefined,
    emailLinks: signedLinks(TEST_SIGNING_SECRET),
  });
}
