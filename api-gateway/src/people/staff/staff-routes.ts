import type { Router } from '@koa/router';
import type { BrowserPostGuards, SiteOrigin } from '../../platform/index.js';
import type { NewsletterIssues } from '../newsletter/newsletter-issues.js';
import type { FactorAttempts } from '../second-factors/factor-attempts.js';
import type { SecondFactors } from '../second-factors/second-factors.js';
import type { StaffAccounts } from './staff-accounts.js';
import type { StaffConsole } from './staff-console.js';
import { staffFactorRoutes } from './staff-factor-routes.js';
import { staffGate, type StaffGate } from './staff-gate.js';
import { staffReleaseRoutes, type StaffReleaseView } from './staff-release-routes.js';
import { staffEventRoutes, type OrganiserView } from './staff-event-routes.js';
import { staffConsultationRoutes, type ConsultationDesk } from './staff-consultation-routes.js';
import { staffAccountRoutes, staffSectionRoutes } from './staff-section-routes.js';
import { staffSessionRoutes } from './staff-session-routes.js';
import { staffTreasurerRoutes, type TreasurerView } from './staff-treasurer-routes.js';

export interface StaffServices {
  accounts: StaffAccounts;
  factors: SecondFactors;
  attempts: FactorAttempts;
  console: StaffConsole;
  issues: NewsletterIssues;
  donations: TreasurerView | null;
  releases: StaffReleaseView;
  events: OrganiserView;
  consultations: ConsultationDesk;
}

/** What each group of the console's endpoints is built from. */
export interface StaffEndpoints extends StaffServices {
  gate: StaffGate;
  guards: BrowserPostGuards;
  siteOrigin: SiteOrigin;
}

/**
 * The staff console's endpoints (staff-gate.ts says who passes): signing in, one's own factors,
 * staff accounts and the console's sections. Every answer is `no-store`; every look at people and
 * every sign-in or change of factor is in the access log.
 */
export function staffRoutes(
  router: Router,
  services: StaffServices,
  guards: BrowserPostGuards,
  { siteOrigin, sessionHours }: { siteOrigin: SiteOrigin; sessionHours: number },
): void {
  const endpoints = {
    ...services,
    gate: staffGate(services.accounts, { siteOrigin, sessionHours }),
    guards,
    siteOrigin,
  };
  staffSessionRoutes(router, endpoints);
  staffFactorRoutes(router, endpoints);
  staffAccountRoutes(router, endpoints);
  staffSectionRoutes(router, endpoints);
  staffReleaseRoutes(router, endpoints);
  staffTreasurerRoutes(router, endpoints);
  staffEventRoutes(router, endpoints);
  staffConsultationRoutes(router, endpoints);
}
