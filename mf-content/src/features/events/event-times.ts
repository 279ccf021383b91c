import type { PartyEvent } from '@party/shared-contracts';

// Formatted from fixed dates and named zones, so that the server's HTML and the browser's render
// say the same whatever the zone of either machine. Dates are spelled out here, not by Intl, whose
// punctuation differs between the ICU versions of Node and of browsers.

const noonOf = (event: PartyEvent) => new Date(`${event.day}T12:00:00Z`);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Thursday". */
export function eventWeekday(event: PartyEvent): string {
  return WEEKDAYS[noonOf(event).getUTCDay()]!;
}

/** "Thursday 3 December 2026". */
export function eventDateText(event: PartyEvent): string {
  const date = noonOf(event);
  return `${eventWeekday(event)} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "18:30 – 20:30 MST". */
export function eventTimeText(event: PartyEvent): string {
  return `${event.time} ${event.zoneName}`;
}

/** Start and end as ISO 8601 instants (for search engines and calendars). */
export function eventInstants(event: PartyEvent): { start: string; end: string } {
  return { start: event.startsAt, end: event.endsAt };
}
