import { instantIn, isTimeZone, localTimes, spokenTime, utcOffsetText } from './event-times.js';

describe('event times', () => {
  it('reads a clock time in a zone as the instant it names, in winter and in summer', () => {
    expect(instantIn('2026-12-03', '18:30', 'America/Denver').toISOString()).toBe('2026-12-04T01:30:00.000Z');
    expect(instantIn('2027-03-28', '09:30', 'America/Chicago').toISOString()).toBe('2027-03-28T14:30:00.000Z');
    expect(instantIn('2026-07-01', '09:00', 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('writes an event’s times as its zone reads them, whatever the machine’s zone', () => {
    const times = localTimes(new Date('2026-12-04T01:30:00Z'), new Date('2026-12-04T03:30:00Z'), 'America/Denver');
    expect(times).toEqual({
      day: '2026-12-03',
      weekday: 'Thursday',
      date: '3 December',
      time: '18:30 – 20:30',
      zoneName: 'MST',
      utcOffset: '-07:00',
    });
    expect(utcOffsetText(new Date('2026-10-25T20:00:00Z'), 'America/Boise')).toBe('-06:00');
    expect(spokenTime(new Date('2026-12-04T01:30:00Z'), 'America/Denver')).toBe('Thursday 3 December 2026, 18:30 MST');
  });

  it('knows a zone from a mistake', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
  });
});
