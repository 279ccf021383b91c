import { partyData } from '../../ui/structured-data';
import { eventInstants } from './event-times';
import type { PartyEvent } from '@party/shared-contracts';

/** schema.org JSON-LD of an event's page, its times with their offsets. */
export function eventData(event: PartyEvent, url: string) {
  const { start, end } = eventInstants(event);
  const online = event.type === 'virtual';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: start,
    endDate: end,
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url }
      : { '@type': 'Place', name: event.location, address: event.location },
    organizer: partyData,
    isAccessibleForFree: true,
    url,
  };
}
