import type { PartyEvent } from '@party/shared-contracts';

export type EventTypeFilter = 'all' | PartyEvent['type'];

/** Every event of the type chosen, or all of them. */
export function filterEvents(events: readonly PartyEvent[], type: EventTypeFilter): PartyEvent[] {
  return events.filter((event) => type === 'all' || event.type === type);
}

export const supportedEventTypes = [
  'Town halls and public meetings',
  'Policy workshops and open drafting sessions',
  'Volunteer training',
  'Debates and evidence forums',
  'Chapter socials and fundraisers',
] as const;
