import type { Context } from 'koa';
import type { PageData } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import { operatorCommand, rateLimit, type GatewayModule, type Platform } from '../platform/index.js';
import { formRecords } from './forms/form-records.js';
import { formRoutes } from './forms/form-routes.js';
import { memberAccounts } from './members/member-accounts.js';
import { memberAccountPageData } from './members/member-account-page.js';
import { memberFactorRoutes } from './members/member-factor-routes.js';
import { memberRegistrations } from './members/member-registrations.js';
import { memberRoutes } from './members/member-routes.js';
import { memberSessions } from './members/member-sessions.js';
import { passwordResets } from './members/password-resets.js';
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
import type { OrganiserView } from './staff/staff-event-routes.js';
import type { ConsultationDesk } from './staff/staff-consultation-routes.js';
import type { TreasurerView } from './staff/staff-treasurer-routes.js';

/** What the people module gives the rest of the gateway, besides what it mounts. */
export interface People extends GatewayModule {
  /** What a page shows one visitor alone (their member account); null for most. */
  visitorData(ctx: Context): Promise<PageData | null>;
}

/**
 * The people module: contact and sign-up forms, the newsletter, members and their second factors,
 * the staff console, personal-data requests and the retention rules; `npm run staff` for the
 * control socket.
 */
export async function peopleModule(
  config: Pick<GatewayConfig, 'email' | 'staffSessions' | 'retentionWorker'>,
  {
    platform: { db, logger, siteOrigin, passwords, rateLimiter, emailLinks, emailQueued },
    releases,
    donations,
    events,
    consultations,
  }: {
    platform: Pick<
      Platform,
      'db' | 'logger' | 'siteOrigin' | 'passwords' | 'rateLimiter' | 'emailLinks' | 'emailQueued'
    >;
    /** The staff console's release view (the releases module's). */
    releases: StaffReleaseView;
    /** The staff console's treasurer view and how long donation records are kept (the donations module's). */
    donations: { treasurer: TreasurerView | null; recordsKeptYears: number | null };
    /** The staff console's events section (the events module's). */
    events: { organiser: OrganiserView };
    /** The staff console's consultations section (the consultations module's). */
    consultations: { desk: ConsultationDesk };
  },
): Promise<People> {
  const newsletter = newsletterSubscriptions(db, emailLinks, emailQueued);
  const stopRetention = config.retentionWorker
    ? scheduleRetention(db, newsletter, logger, { donationRecordsKeptYears: donations.recordsKeptYears })
    : () => undefined;
  const sessions = memberSessions(db);
  const accounts = memberAccounts(db, passwords, emailLinks, sessions);
  const members = memberRegistrations(db, passwords, emailLinks, emailQueued);
  const records = formRecords(db, {
    partyInbox: config.email.partyInbox,
    newsletter,
    members,
    onEmailQueued: emailQueued,
  });
  const resets = passwordResets(db, passwords, emailLinks, sessions, emailQueued);
  const memberFactors = { factors: secondFactors(db, 'member'), attempts: factorAttempts(db, 'member', emailQueued) };
  const staff = {
    accounts: staffAccounts(db, passwords, { limits: config.staffSessions, onEmailQueued: emailQueued }),
    factors: secondFactors(db, 'staff'),
    attempts: factorAttempts(db, 'staff', emailQueued),
    console: staffConsole(db, emailQueued),
    issues: newsletterIssues(db, emailLinks, emailQueued),
    donations: donations.treasurer,
    releases,
    events: events.organiser,
    consultations: consultations.desk,
  };
  const requests = dataRequests(db, emailLinks, emailQueued);

  return {
    visitorData: memberAccountPageData(accounts, sessions),
    routes(router, guards) {
      formRoutes(router, records, guards, siteOrigin);
      newsletterRoutes(router, newsletter, { guards, rateLimit: (route) => rateLimit(rateLimiter, route), siteOrigin });
      memberRoutes(router, { accounts, sessions, resets }, guards, siteOrigin);
      memberFactorRoutes(router, { accounts, sessions, ...memberFactors }, guards, siteOrigin);
      staffRoutes(router, staff, guards, { siteOrigin, sessionHours: config.staffSessions.hours });
      dataRequestRoutes(router, requests, guards, siteOrigin);
    },
    commands(router) {
      operatorCommand(router, 'staff', logger, (args) => staffCommand(staff.accounts, args));
    },
    async stop() {
      stopRetention();
    },
  };
}
