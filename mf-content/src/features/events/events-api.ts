import { eventLinks, type EventCalendar, type PartyEvent } from '@party/shared-contracts';
import { apiRequest, nullWhenNotFound } from '@party/shared-ui';

export const eventUrl = (id: string) => `${eventLinks.listEndpoint}/${encodeURIComponent(id)}`;

/** Upcoming and past events. */
export const readCalendar = () => apiRequest<EventCalendar>('GET', eventLinks.listEndpoint);

/** One event with its programme or recap; null: there is no such event. */
export const readEvent = (id: string) => nullWhenNotFound(apiRequest<PartyEvent>('GET', eventUrl(id)));
