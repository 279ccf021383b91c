import { formPaths, type NewsletterSubscription } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Asks for a subscription (confirmed by the emailed link); throws the gateway's refusal. */
export const subscribeToNewsletter = (subscription: NewsletterSubscription) =>
  apiRequest<void>('POST', formPaths.newsletter, subscription);
