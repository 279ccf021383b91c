import { eventLinks, type EventCalendar, type PartyEvent } from '@party/shared-contracts';
import { ApiError, apiRequest } from '@party/shared-ui';

export const eventUrl = (id: string) => `${eventLinks.listEndpoint}/${encodeURIComponent(id)}`;

/** Upcoming and past events. */
export const readCalendar = () => apiRequest<EventCalendar>('GET', eventLinks.listEndpoint);

/** One event with its programme or recap; null: there is no such event. */
export const readEvent = (id: string) =>
  apiRequest<PartyEvent>('GET', eventUrl(id)).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
