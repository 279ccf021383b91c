import * as z from 'zod/mini';
import { EMPTY_NEWSLETTER_EMAIL } from './form-choices.js';
import { emailField } from './form-fields.js';

/** A newsletter subscription. An empty address has its own message (docs/product.md, section 8). */
export const newsletterSubscriptionSchema = z.object({
  email: z.pipe(z.string(EMPTY_NEWSLETTER_EMAIL).check(z.trim(), z.minLength(1, EMPTY_NEWSLETTER_EMAIL)), emailField()),
});

export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** What the confirm and unsubscribe endpoints answer (200) when the link was good. */
export interface NewsletterLinkReceipt {
  done: true;
}
