import type { Logger, Queryable } from '../../platform/index.js';
import type { NewsletterSubscriptions } from '../newsletter/newsletter-subscriptions.js';
import {
  applyRetention,
  claimRetention,
  releaseRetention,
  type RetentionOptions,
  type RetentionReport,
} from './retention-rules.js';

const HOUR_MS = 60 * 60_000;
/** How long one instance holds the rules: longer than a run takes; a run that dies lets it lapse. */
const LEASE_MS = 15 * 60_000;

/**
 * One run of the retention rules, on whichever instance claims them first; null on the others.
 * Resolves with what it deleted.
 */
export async function runRetention(
  db: Queryable,
  newsletter: NewsletterSubscriptions,
  options: RetentionOptions,
  now = new Date(),
): Promise<RetentionReport | null> {
  if (!(await claimRetention(db, LEASE_MS))) return null;
  try {
    return await applyRetention(db, newsletter, now, options);
  } finally {
    await releaseRetention(db);
  }
}

/** Applies the retention rules at start-up and every hour. Returns a function that stops it. */
export function scheduleRetention(
  db: Queryable,
  newsletter: NewsletterSubscriptions,
  logger: Logger,
  options: RetentionOptions,
  everyMs = HOUR_MS,
): () => void {
  const run = () =>
    runRetention(db, newsletter, options)
      .then((report) => {
        if (!report) return;
        const { failed, ...deleted } = report;
        for (const failure of failed)
          logger.warn(failure, 'a retention rule failed; the others ran, and it will be tried again');
        if (Object.values(deleted).some((n) => n > 0)) logger.info({ deleted }, 'retention: expired records deleted');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'retention rules not applied; will try again'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
