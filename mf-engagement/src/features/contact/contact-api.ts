import { formPaths, type ContactMessage } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Sends a message from the Contact page; throws the gateway's refusal. */
export const sendContactMessage = (message: ContactMessage) => apiRequest<void>('POST', formPaths.contact, message);
