import type { Logger } from '../logger.js';
import type { NewsletterSubscriptions } from './newsletter-subscriptions.js';

const HOUR_MS = 60 * 60_000;

/**
 * Deletes unconfirmed newsletter sign-ups once their link has expired, at start-up and every hour
 * (the privacy policy's promise). Returns a function that stops it.
 */
export function scheduleSignUpExpiry(newsletter: NewsletterSubscriptions, logger: Logger, everyMs = HOUR_MS): () => void {
  const run = () =>
    newsletter
      .expireUnconfirmed(new Date())
      .then((deleted) => deleted > 0 && logger.info({ deleted }, 'expired newsletter sign-ups deleted'))
      .catch((error: unknown) => logger.warn({ err: error }, 'expired newsletter sign-ups not deleted; will try again'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
