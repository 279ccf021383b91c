import type { PartyEvent } from '@party/shared-contracts';

// Written from the words the gateway gave (PartyEvent), never from Intl here: the server's HTML and
// the browser's render say the same whatever the zone or the ICU version of either.

/** "Thursday". */
export function eventWeekday(event: PartyEvent): string {
  return event.weekday;
}

/** "Thursday 3 December 2026". */
export function eventDateText(event: PartyEvent): string {
  return `${event.weekday} ${event.date} ${event.day.slice(0, 4)}`;
}

/** "18:30 – 20:30 MST". */
export function eventTimeText(event: PartyEvent): string {
  return `${event.time} ${event.zoneName}`;
}

/** Start and end as ISO 8601 instants (for search engines and calendars). */
export function eventInstants(event: PartyEvent): { start: string; end: string } {
  return { start: event.startsAt, end: event.endsAt };
}
