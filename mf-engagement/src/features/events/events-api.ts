import { formPaths, type EventPlaceAnswer, type EventRegistration } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Registers a visitor for an event: a place, or one in the waitlist's queue; throws the gateway's refusal. */
export const registerForEvent = (registration: EventRegistration) =>
  apiRequest<EventPlaceAnswer>('POST', formPaths.eventRegistration, registration);
