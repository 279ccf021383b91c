import type { Router } from '@koa/router';
import { formEndpoints } from '@party/shared-contracts';
import { acceptForm, type BrowserPostGuards, type SiteOrigin } from '../../platform/index.js';
import type { FormRecords } from './form-records.js';

/** `POST /api/contact`, `/api/newsletter`, `/api/membership`, and `/api/volunteer`, each behind its guards (event registrations: the events module). */
export function formRoutes(
  router: Router,
  records: FormRecords,
  guards: BrowserPostGuards,
  siteOrigin: SiteOrigin,
): void {
  const { contact, newsletter, membership, volunteer } = formEndpoints;

  router.post(
    contact.path,
    ...guards(contact.path),
    acceptForm(contact.schema, records.saveContactMessage, siteOrigin),
  );
  router.post(
    newsletter.path,
    ...guards(newsletter.path),
    acceptForm(newsletter.schema, records.saveNewsletterSubscription, siteOrigin),
  );
  router.post(
    membership.path,
    ...guards(membership.path),
    acceptForm(membership.schema, records.saveMembershipRegistration, siteOrigin),
  );
  router.post(
    volunteer.path,
    ...guards(volunteer.path),
    acceptForm(volunteer.schema, records.saveVolunteerSignup, siteOrigin),
  );
}
