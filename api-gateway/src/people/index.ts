// The people module: everything about the people the party deals with: forms, newsletter, members,
// staff and their second factors, donations, email and the outbox, personal data and retention.
// Only the composition root imports it, from here.

export { configuredDonations } from './donations/configured-donations.js';
export { donationGauges } from './donations/donation-gauges.js';
export { type DonationLedger } from './donations/donation-ledger.js';
export { donationPageData, donationRoutes } from './donations/donation-routes.js';
export { donationTerms, hasLedger } from './donations/donation-rules.js';
export { treasurerView } from './donations/treasurer-view.js';
export { outboxGauges } from './email/outbox-gauges.js';
export { configuredOutboxWorker, type OutboxWorker } from './email/outbox-worker.js';
export { linkSigningSecret, signedLinks, type SignedLinks } from './email/signed-links.js';
export { formRecords } from './forms/form-records.js';
export { formRoutes } from './forms/form-routes.js';
export { memberAccounts } from './members/member-accounts.js';
export { memberAccountPageData } from './members/member-account-page.js';
export { memberFactorRoutes } from './members/member-factor-routes.js';
export { memberRegistrations } from './members/member-registrations.js';
export { memberRoutes } from './members/member-routes.js';
export { memberSessions } from './members/member-sessions.js';
export { passwordResets } from './members/password-resets.js';
export { newsletterIssues } from './newsletter/newsletter-issues.js';
export { newsletterRoutes } from './newsletter/newsletter-routes.js';
export { newsletterSubscriptions, type NewsletterSubscriptions } from './newsletter/newsletter-subscriptions.js';
export { dataRequestRoutes } from './personal-data/data-request-routes.js';
export { dataRequests } from './personal-data/data-requests.js';
export { scheduleRetention } from './retention/retention-schedule.js';
export { factorAttempts } from './second-factors/factor-attempts.js';
export { secondFactors } from './second-factors/second-factors.js';
export { staffAccounts, type StaffAccounts } from './staff/staff-accounts.js';
export { staffConsole } from './staff/staff-console.js';
export { staffRoutes } from './staff/staff-routes.js';
