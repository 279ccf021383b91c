import { eventDateText, eventInstants, eventTimeText } from './event-times';
import { findEvent, pastEvents, upcomingEvents, type PartyEvent } from './events';

const event = (id: string) => findEvent(id)!.event;

describe('event times', () => {
  it('give the weekday and the year, since the list crosses a new year', () => {
    expect(eventDateText(event('town-hall-denver'))).toBe('Thursday 3 December 2026');
    expect(eventDateText(event('volunteer-training-january'))).toBe('Thursday 14 January 2027');
  });

  it('name the zone the times are in, online events included, in summer or winter time', () => {
    expect(eventTimeText(event('town-hall-denver'))).toBe('18:30 – 20:30 MST');
    expect(eventTimeText(event('policy-lab-digital-tax-account'))).toBe('19:00 – 20:30 EST');
    expect(eventTimeText(event('spring-conference'))).toBe('09:30 – 17:30 CDT');
  });

  it('give search engines and calendars the instant, with the offset of that day', () => {
    expect(eventInstants(event('town-hall-denver'))).toEqual({
      start: '2026-12-03T18:30:00-07:00',
      end: '2026-12-03T20:30:00-07:00',
    });
    expect(eventInstants(event('spring-conference')).start).toBe('2027-03-28T09:30:00-05:00');
  });

  it("every event's zone name and offset are its zone's on its day", () => {
    const zoneOnDay = (each: PartyEvent, style: 'short' | 'longOffset') =>
      new Intl.DateTimeFormat('en-US', { timeZone: each.timeZone, timeZoneName: style })
        .formatToParts(new Date(`${each.day}T12:00:00Z`))
        .find((part) => part.type === 'timeZoneName')?.value;
    for (const each of [...upcomingEvents, ...pastEvents]) {
      expect([each.id, each.zoneName]).toEqual([each.id, zoneOnDay(each, 'short')]);
      expect([each.id, `GMT${each.utcOffset}`]).toEqual([each.id, zoneOnDay(each, 'longOffset')]);
    }
  });
});

describe('past events', () => {
  it('come latest first', () => {
    const days = pastEvents.map((each) => each.day);
    expect(days).toEqual([...days].sort().reverse());
  });
});
