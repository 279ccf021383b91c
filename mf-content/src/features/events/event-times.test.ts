import { eventDateText, eventInstants, eventTimeText } from './event-times';
import { testEvent as event } from './test-calendar';

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
      start: '2026-12-04T01:30:00.000Z',
      end: '2026-12-04T03:30:00.000Z',
    });
    expect(eventInstants(event('spring-conference')).start).toBe('2027-03-28T14:30:00.000Z');
  });
});
