import ICAL from 'ical.js';
import { calendarFile, type CalendarEvent } from './event-calendar-file.js';

const event: CalendarEvent = {
  id: 'town-hall-denver',
  title: 'Town Hall: Denver',
  description:
    'Questions, answers; and a long line that goes on past seventy-five octets — with “curly” words.\nNext line.',
  startsAt: new Date('2026-12-04T01:30:00Z'),
  endsAt: new Date('2026-12-04T03:30:00Z'),
  location: 'Central Library, Denver',
  url: 'https://party.example/events/town-hall-denver',
  sequence: 0,
  cancelled: false,
  updatedAt: new Date('2026-11-29T10:00:00Z'),
};
const addressing = {
  organizer: 'events@party.example',
  siteHost: 'party.example',
  attendee: { name: 'Mary Jackson, PhD', email: 'mary@example.org' },
};

const parsed = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
};

describe('an event’s calendar entry', () => {
  it('is an RFC 5545 object a real parser reads back: times, text, organiser and attendee', () => {
    const text = calendarFile(event, 'REQUEST', addressing);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { calendar, vevent, event: read } = parsed(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(read.uid).toBe('event-town-hall-denver@party.example');
    expect(read.sequence).toBe(0);
    expect(read.summary).toBe('Town Hall: Denver');
    expect(read.description).toBe(event.description);
    expect(read.location).toBe('Central Library, Denver');
    expect(read.startDate.toJSDate().toISOString()).toBe('2026-12-04T01:30:00.000Z');
    expect(read.endDate.toJSDate().toISOString()).toBe('2026-12-04T03:30:00.000Z');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:events@party.example');
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:mary@example.org');
    expect(attendee.getParameter('cn')).toBe('Mary Jackson, PhD');
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
  });

  it('keeps its UID through a change, with a higher SEQUENCE, and a cancellation says CANCEL', () => {
    const changed = parsed(
      calendarFile({ ...event, sequence: 1, location: 'Union Hall, Denver' }, 'REQUEST', addressing),
    );
    expect(changed.event.uid).toBe('event-town-hall-denver@party.example');
    expect(changed.event.sequence).toBe(1);
    expect(changed.event.location).toBe('Union Hall, Denver');

    const cancelled = parsed(calendarFile({ ...event, sequence: 2, cancelled: true }, 'CANCEL', addressing));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.uid).toBe('event-town-hall-denver@party.example');
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
