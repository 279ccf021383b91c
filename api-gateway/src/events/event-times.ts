// An event's times are instants in the database and clock times in its own zone everywhere people
// read them. Node's Intl holds the zone data; browsers are given the words already written
// (PartyEvent), so that the server's HTML and the browser's render never differ.

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

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
      timeZoneName: 'short',
    });
    partsFormat.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    clock: `${parts.hour}:${parts.minute}`,
    seconds: Number(parts.second),
    weekday: parts.weekday ?? '',
    zoneName: parts.timeZoneName ?? timeZone,
  };
}

/** Whether Intl knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Minutes east of UTC of `timeZone` at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const { day, clock, seconds } = partsIn(instant, timeZone);
  const asUtc = Date.parse(`${day}T${clock}:${String(seconds).padStart(2, '0')}Z`);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** '-07:00'. */
export function utcOffsetText(instant: Date, timeZone: string): string {
  const minutes = offsetMinutes(instant, timeZone);
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The instant a clock in `timeZone` shows `clock` on `day` ('2026-12-03', '18:30'). A time a clock
 * skips (spring forward) is taken an hour later, as clocks do.
 */
export function instantIn(day: string, clock: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${clock}:00Z`);
  let guess = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  guess = new Date(wall - offsetMinutes(guess, timeZone) * 60_000);
  return guess;
}

/** How an event's times read in its zone: the day, 'Thursday', '3 December', '18:30 – 20:30', 'MST', '-07:00'. */
export function localTimes(startsAt: Date, endsAt: Date, timeZone: string) {
  const start = partsIn(startsAt, timeZone);
  const end = partsIn(endsAt, timeZone);
  const [, month = '1', date = '1'] = start.day.split('-');
  const endDay = end.day === start.day ? '' : `${Number(end.day.slice(8))} ${MONTHS[Number(end.day.slice(5, 7)) - 1]} `;
  return {
    day: start.day,
    weekday: start.weekday,
    date: `${Number(date)} ${MONTHS[Number(month) - 1]}`,
    time: `${start.clock} – ${endDay}${end.clock}`,
    zoneName: start.zoneName,
    utcOffset: utcOffsetText(startsAt, timeZone),
  };
}

/** Day and clock of `instant` in `timeZone`: what the staff console's fields show. */
export function wallClock(instant: Date, timeZone: string): { day: string; clock: string } {
  const { day, clock } = partsIn(instant, timeZone);
  return { day, clock };
}

/** "Thursday 3 December 2026, 18:30 MST", for emails. */
export function spokenTime(instant: Date, timeZone: string): string {
  const { day, clock, weekday, zoneName } = partsIn(instant, timeZone);
  const [year, month, date] = day.split('-');
  return `${weekday} ${Number(date)} ${MONTHS[Number(month) - 1]} ${year}, ${clock} ${zoneName}`;
}
