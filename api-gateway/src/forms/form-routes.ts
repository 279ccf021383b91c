import { Router } from '@koa/router';
import { formEndpoints } from '@party/shared-contracts';
import type { Middleware } from 'koa';
import type { Database } from '../db/database.js';
import { acceptForm } from './accept-form.js';
import {
  saveContactMessage,
  saveMembershipRegistration,
  saveNewsletterSubscription,
  saveVolunteerSignup,
} from './form-records.js';

/** `POST /api/contact`, `/api/newsletter`, `/api/membership`, `/api/volunteer`, behind `guards`. */
export function formRoutes(db: Database, guards: Middleware[]): Router {
  const router = new Router();

  router.post(formEndpoints.contact.path, ...guards, acceptForm(formEndpoints.contact.schema, (form) => saveContactMessage(db, form)));
  router.post(formEndpoints.newsletter.path, ...guards, acceptForm(formEndpoints.newsletter.schema, (form) => saveNewsletterSubscription(db, form)));
  router.post(formEndpoints.membership.path, ...guards, acceptForm(formEndpoints.membership.schema, (form) => saveMembershipRegistration(db, form)));
  router.post(formEndpoints.volunteer.path, ...guards, acceptForm(formEndpoints.volunteer.schema, (form) => saveVolunteerSignup(db, form)));
  return router;
}
