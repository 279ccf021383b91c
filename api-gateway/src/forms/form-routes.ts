import { Router } from '@koa/router';
import { formEndpoints } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import type { BrowserPostGuards } from '../middleware/browser-post-guards.js';
import { acceptForm } from './accept-form.js';
import {
  saveContactMessage,
  saveMembershipRegistration,
  saveNewsletterSubscription,
  saveVolunteerSignup,
} from './form-records.js';
import type { HashPassword } from './password-hash.js';

/** `POST /api/contact`, `/api/newsletter`, `/api/membership`, `/api/volunteer`, each behind its guards. */
export function formRoutes(db: Database, guards: BrowserPostGuards, hashPassword: HashPassword): Router {
  const router = new Router();
  const { contact, newsletter, membership, volunteer } = formEndpoints;

  router.post(contact.path, ...guards(contact.path), acceptForm(contact.schema, (form) => saveContactMessage(db, form)));
  router.post(newsletter.path, ...guards(newsletter.path), acceptForm(newsletter.schema, (form) => saveNewsletterSubscription(db, form)));
  router.post(membership.path, ...guards(membership.path), acceptForm(membership.schema, (form) => saveMembershipRegistration(db, hashPassword, form)));
  router.post(volunteer.path, ...guards(volunteer.path), acceptForm(volunteer.schema, (form) => saveVolunteerSignup(db, form)));
  return router;
}
