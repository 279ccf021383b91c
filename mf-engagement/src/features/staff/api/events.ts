import { staffLinks, type EventDraft } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// The events section: events made, changed and cancelled; arrivals at the door; the follow-up email.
// Each call throws the gateway's refusal.

const eventUrl = (id: string) => `${staffLinks.eventsEndpoint}/${encodeURIComponent(id)}`;

export const createEvent = (draft: EventDraft) => apiRequest<void>('POST', staffLinks.eventsEndpoint, draft);
export const updateEvent = (id: string, draft: EventDraft) => apiRequest<void>('PUT', eventUrl(id), draft);
export const cancelEvent = (id: string) => apiRequest<void>('POST', `${eventUrl(id)}/cancel`);
/** The door list's address (`?q=` narrows it); `.csv` beside it downloads it. */
export const doorListUrl = (id: string) => `${eventUrl(id)}/door-list`;
export const markArrival = (id: string, registrationId: string, attended: boolean) =>
  apiRequest<void>('POST', `${doorListUrl(id)}/${registrationId}`, { attended });
export const sendFollowUp = (id: string) => apiRequest<{ sent: number }>('POST', `${eventUrl(id)}/follow-up`);
