import { formPaths, type EventRegistration } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Registers a visitor for an event; throws the gateway's refusal. */
export const registerForEvent = (registration: EventRegistration) =>
  apiRequest<void>('POST', formPaths.eventRegistration, registration);
