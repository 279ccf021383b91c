import type { Context } from 'koa';
import type { PageData, SiteSettings } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import { operatorCommand, rateLimit, type GatewayModule, type Platform } from '../platform/index.js';
import { configuredDonations } from './donations/configured-donations.js';
import { donationGauges } from './donations/donation-gauges.js';
import type { DonationLedger } from './donations/donation-ledger.js';
import { donationPageData, donationRoutes } from './donations/donation-routes.js';
import { donationTerms, hasLedger } from './donations/donation-rules.js';
import { treasurerView } from './donations/treasurer-view.js';
import { outboxGauges } from './email/outbox-gauges.js';
import { configuredOutboxWorker, type OutboxWorker } from './email/outbox-worker.js';
import { signedLinks } from './email/signed-links.js';
import { formRecords } from './forms/form-records.js';
import { formRoutes } from './forms/form-routes.js';
import { memberAccounts } from './members/member-accounts.js';
import { memberAccountPageData } from './members/member-account-page.js';
import { memberFactorRoutes } from './members/member-factor-routes.js';
import { memberRegistrations } from './members/member-registrations.js';
import { memberRoutes } from './members/member-routes.js';
import { memberSessions } from './members/member-sessions.js';
import { passwordResets } from './members/password-resets.js';
import { signedInMemberEmail } from './members/session-cookies.js';
import { newsletterIssues } from './newsletter/newsletter-issues.js';
import { newsletterRoutes } from './newsletter/newsletter-routes.js';
import { newsletterSubscriptions } from './newsletter/newsletter-subscriptions.js';
import { dataRequestRoutes } from './personal-data/data-request-routes.js';
import { dataRequests } from './personal-data/data-requests.js';
import { scheduleRetention } from './retention/retention-schedule.js';
import { factorAttempts } from './second-factors/factor-attempts.js';
import { secondFactors } from './second-factors/second-factors.js';
import { staffAccounts } from './staff/staff-accounts.js';
import { staffCommand } from './staff/staff-command.js';
import { staffConsole } from './staff/staff-console.js';
import type { StaffReleaseView } from './staff/staff-release-routes.js';
import { staffRoutes } from './staff/staff-routes.js';

/** What the people module gives the rest of the gateway, besides what it mounts. */
export interface People extends GatewayModule {
  /** Sends the outbox's emails; null where another process does (EMAIL_WORKER=false). */
  readonly outbox: OutboxWorker | null;
  /** Pledges and verified donations; null when the rules accept no crypto donations. */
  readonly donations: DonationLedger | null;
  /** What every page is rendered with: the donation terms. */
  readonly settings: SiteSettings;
  /** What a page shows everyone that the database holds (the public donation ledger); null for most. */
  pageData(pathname: string): ReturnType<ReturnType<typeof donationPageData>>;
  /** What a page shows one visitor alone (their member account); null for most. */
  visitorData(ctx: Context): Promise<PageData | null>;
}

/**
 * The people module: contact and sign-up forms, the newsletter, members and their second factors,
 * the staff console, donations, personal-data requests, the outbox that emails them and the
 * retention rules; `npm run staff` for the control socket.
 */
export function peopleModule(
  config: Pick<GatewayConfig, 'email' | 'donations' | 'staffSessions' | 'retentionWorker' | 'shutdown'>,
  {
    db,
    logger,
    metrics,
    siteOrigin,
    secret,
    passwords,
    rateLimiter,
  }: Pick<Platform, 'db' | 'logger' | 'metrics' | 'siteOrigin' | 'secret' | 'passwords' | 'rateLimiter'>,
  /** The staff console's release view (the release module's). */
  releases: StaffReleaseView,
  /** How long a donation report waits for its transaction to be mined (tests shorten it). */
  donationReportWaitMs?: number,
): People {
  const outbox = configuredOutboxWorker(config.email, db, logger);
  const onEmailQueued = () => outbox?.wake();
  const emailLinks = signedLinks(secret);
  const newsletter = newsletterSubscriptions(db, emailLinks, onEmailQueued);
  const { rules } = config.donations;
  const stopRetention = config.retentionWorker
    ? scheduleRetention(db, newsletter, logger, {
        donationRecordsKeptYears: hasLedger(rules) ? rules.recordsKeptYears : null,
      })
    : () => undefined;
  outboxGauges(db, metrics.registry);
  const { networkUp } = donationGauges(db, metrics.registry);
  const { ledger: donations, stopChecks } = configuredDonations(config, {
    db,
    logger,
    networkGauge: networkUp,
    siteOrigin,
    onEmailQueued,
    emailLinks,
    reportWaitMs: donationReportWaitMs,
  });
  const terms = donationTerms(rules);
  const sessions = memberSessions(db);
  const accounts = memberAccounts(db, passwords, emailLinks, sessions);
  const staff = staffAccounts(db, passwords, { limits: config.staffSessions, onEmailQueued });

  return {
    outbox,
    donations,
    settings: { donations: terms },
    pageData: donationPageData(donations),
    visitorData: memberAccountPageData(accounts, sessions),
    routes(router, guards) {
      const members = memberRegistrations(db, passwords, emailLinks, onEmailQueued);
      const records = formRecords(db, { partyInbox: config.email.partyInbox, newsletter, members, onEmailQueued });
      formRoutes(router, records, guards, siteOrigin);
      newsletterRoutes(router, newsletter, { guards, rateLimit: (route) => rateLimit(rateLimiter, route), siteOrigin });
      const resets = passwordResets(db, passwords, emailLinks, sessions, onEmailQueued);
      memberRoutes(router, { accounts, sessions, resets }, guards, siteOrigin);
      const [factors, attempts] = [secondFactors(db, 'member'), factorAttempts(db, 'member', onEmailQueued)];
      memberFactorRoutes(router, { accounts, sessions, factors, attempts }, guards, siteOrigin);
      staffRoutes(
        router,
        {
          accounts: staff,
          factors: secondFactors(db, 'staff'),
          attempts: factorAttempts(db, 'staff', onEmailQueued),
          console: staffConsole(db, onEmailQueued),
          issues: newsletterIssues(db, emailLinks, onEmailQueued),
          donations: donations ? treasurerView(db, donations) : null,
          releases,
        },
        guards,
        { siteOrigin, sessionHours: config.staffSessions.hours },
      );
      donationRoutes(router, terms, donations, guards, {
        siteOrigin,
        signedInEmail: (ctx) => signedInMemberEmail(ctx, sessions, accounts),
      });
      dataRequestRoutes(router, dataRequests(db, emailLinks, onEmailQueued), guards, siteOrigin);
    },
    commands(router) {
      operatorCommand(router, 'staff', logger, (args) => staffCommand(staff, args));
    },
    async stop() {
      stopRetention();
      stopChecks();
      donations?.close();
      await outbox?.stop(config.shutdown.timeoutMs);
    },
  };
}
