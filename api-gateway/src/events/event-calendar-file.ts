import { PARTY_NAME } from '@party/shared-contracts';

/** What a calendar entry says of one event. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  url: string;
  sequence: number;
  cancelled: boolean;
  updatedAt: Date;
}

/**
 * How the entry travels (RFC 5546): `PUBLISH` from the event's page, `REQUEST` with a confirmed
 * place (and again, with a higher SEQUENCE, when the event changes), `CANCEL` when the event or
 * the person's place is cancelled.
 */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** TEXT values escaped as RFC 5545 §3.3.11 says. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines of at most 75 octets, continued with a space (§3.1), never splitting a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** '20261204T013000Z': every time in UTC, which every calendar shows in its own reader's zone. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * One event as an iCalendar object. Its UID is the event's, at the site's host: the same in every
 * message about it, so that a calendar updates or removes the entry it added rather than adding
 * another. `attendee` is the person a REQUEST or CANCEL is addressed to.
 */
export function calendarFile(
  event: CalendarEvent,
  method: CalendarMethod,
  {
    organizer,
    siteHost,
    attendee,
  }: { organizer: string; siteHost: string; attendee?: { name: string; email: string } },
): string {
  const cancelled = method === 'CANCEL' || event.cancelled;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PARTY_NAME}//Events//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${siteHost}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(new Date())}`,
    `LAST-MODIFIED:${utc(event.updatedAt)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${escapeParam(PARTY_NAME)}:mailto:${organizer}`,
    ...(attendee
      ? [
          `ATTENDEE;CN=${escapeParam(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancelled ? 'DECLINED' : 'ACCEPTED'};RSVP=FALSE:mailto:${attendee.email}`,
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A parameter's value, quoted (§3.2): a name may hold a comma or a colon. */
const escapeParam = (value: string) => `"${value.replace(/"/g, "'")}"`;
