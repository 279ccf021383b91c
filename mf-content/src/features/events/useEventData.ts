import { eventLinks, type EventCalendar, type PartyEvent } from '@party/shared-contracts';
import { useRenderedOrRead, type GatewayRead } from '@party/shared-ui';
import { eventUrl, readCalendar, readEvent } from './events-api';

/** Upcoming and past events: as the gateway rendered the page with them, or read when it is shown. */
export const useEventCalendar = (): GatewayRead<EventCalendar> =>
  useRenderedOrRead((data) => data.eventCalendar, readCalendar, eventLinks.listEndpoint).load;

/** One event with its programme or recap; null: there is no such event. */
export const useEvent = (id: string): GatewayRead<PartyEvent | null> =>
  useRenderedOrRead(
    (data) => (data.eventPage?.id === id ? data.eventPage.event : undefined),
    () => readEvent(id),
    eventUrl(id),
  ).load;
