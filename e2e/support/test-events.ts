import { staffLinks, type EventDraft } from '@party/shared-contracts';
import { requiredEnv } from './fixtures';
import { administratorApi } from './staff-console';

/**
 * The upcoming event the browser tests visit and register for, made by global-setup.ts: the seeded
 * events keep their real dates, so any of them becomes past one day. Phoenix keeps MST all year, and the date is always a Thursday, so what the
 * pages say of its time never changes.
 */
export const sampleEvent = {
  id: 'town-hall-phoenix',
  title: 'Town Hall: Phoenix',
  place: 'Burton Barr Central Library, Phoenix',
  timeZone: 'America/Phoenix',
  weekday: 'Thursday',
  times: '18:30 – 20:30 MST',
} as const;

/** The first Thursday at least four weeks after `today`, as YYYY-MM-DD. */
function sampleDate(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 28));
  day.setUTCDate(day.getUTCDate() + ((4 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** Its date as the pages write it, e.g. "Thursday 7 January 2027" (set by global-setup.ts). */
export function sampleEventDate(): string {
  const [year, month, day] = requiredEnv('E2E_SAMPLE_EVENT_DATE').split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${sampleEvent.weekday} ${day} ${date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
}

/**
 * Makes an event on the site at E2E_BASE_URL through the console's API, as an organiser would: a
 * four-week-ahead in-person meeting unless `change` says otherwise.
 */
export async function scheduleEvent(change: Partial<EventDraft> & Pick<EventDraft, 'id' | 'title'>): Promise<void> {
  const draft: EventDraft = {
    description: 'An evening with the chapter, to plan and to question.',
    details: '',
    type: 'in-person',
    timeZone: sampleEvent.timeZone,
    date: sampleDate(new Date()),
    startTime: '18:30',
    endTime: '20:30',
    location: sampleEvent.place,
    joinUrl: '',
    capacity: '',
    registrationCloses: '',
    offerHours: '24',
    remindDayBefore: '10:00',
    remindSameDay: '08:00',
    ...change,
  };
  const admin = await administratorApi();
  try {
    await admin.post(staffLinks.eventsEndpoint, { data: draft, failOnStatusCode: true });
  } finally {
    await admin.dispose();
  }
}

/** Makes the sample event, with room for every test's visitor; returns its date. */
export async function createSampleEvent(): Promise<string> {
  const date = sampleDate(new Date());
  await scheduleEvent({
    id: sampleEvent.id,
    title: sampleEvent.title,
    description: 'Our party leader on the first year in state legislatures, then an hour of unscreened questions.',
    // As long as a seeded event's programme: the registration form lies below the fold at first.
    details: [
      'Our party leader reports on what our nine elected representatives have done in their first year, what worked and what did not.',
      'The second hour is yours: questions from the floor, not screened in advance. Anything we cannot answer on the night gets a written answer on our website within two weeks.',
      'Step-free access, a hearing loop and live captions are available. Children are welcome.',
    ].join('\n\n'),
    date,
    capacity: '100000',
  });
  return date;
}
