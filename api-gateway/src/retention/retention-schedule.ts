import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import { applyRetention, type RetentionOptions } from './retention-rules.js';

const HOUR_MS = 60 * 60_000;

/** Applies the retention rules at start-up and every hour. Returns a function that stops it. */
export function scheduleRetention(db: Queryable, newsletter: NewsletterSubscriptions, logger: Logger, options: RetentionOptions, everyMs = HOUR_MS): () => void {
  const run = () =>
    applyRetention(db, newsletter, new Date(), options)
      .then((deleted) => Object.values(deleted).some((n) => n > 0) && logger.info({ deleted }, 'retention: expired records deleted'))
      .catch((error: unknown) => logger.warn({ err: error }, 'retention rules not applied; will try again'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
