import { Router } from '@koa/router';
import { formEndpoints } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { jsonBody } from '../middleware/json-body.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { sameOrigin } from '../middleware/same-origin.js';
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';
import { acceptForm } from './accept-form.js';
import {
  saveContactMessage,
  saveMembershipRegistration,
  saveNewsletterSubscription,
  saveVolunteerSignup,
} from './form-records.js';

export interface FormRouteDependencies {
  config: Pick<GatewayConfig, 'rateLimit' | 'allowedOrigins'>;
  db: Database;
  rateLimitStore: RateLimitStore;
  logger: Logger;
}

/** `POST /api/contact`, `/api/newsletter`, `/api/membership`, `/api/volunteer`. */
export function formRoutes({ config, db, rateLimitStore, logger }: FormRouteDependencies): Router {
  const router = new Router();
  // In this order: a forged or flooding request is refused before its body is read.
  const guards = [
    sameOrigin(config.allowedOrigins),
    rateLimit({ store: rateLimitStore, limit: config.rateLimit.limit, windowMs: config.rateLimit.windowMs, logger }),
    jsonBody(),
  ];

  router.post(formEndpoints.contact.path, ...guards, acceptForm(formEndpoints.contact.schema, (form) => saveContactMessage(db, form)));
  router.post(formEndpoints.newsletter.path, ...guards, acceptForm(formEndpoints.newsletter.schema, (form) => saveNewsletterSubscription(db, form)));
  router.post(formEndpoints.membership.path, ...guards, acceptForm(formEndpoints.membership.schema, (form) => saveMembershipRegistration(db, form)));
  router.post(formEndpoints.volunteer.path, ...guards, acceptForm(formEndpoints.volunteer.schema, (form) => saveVolunteerSignup(db, form)));
  return router;
}
