import { PAGE_DATA_ELEMENT_ID, type EventCalendar, type PageData, type PartyEvent } from '@party/shared-contracts';

// The calendar the events pages' tests render: the events the site listed before they became the
// gateway's data (issue 63), as the gateway writes them.

type EventFields = Omit<PartyEvent, 'weekday' | 'startsAt' | 'endsAt' | 'past' | 'cancelled' | 'registration'>;

const upcoming: EventFields[] = [
  {
    id: 'town-hall-denver',
    day: '2026-12-03',
    title: 'Town Hall: Denver',
    date: '3 December',
    time: '18:30 – 20:30',
    timeZone: 'America/Denver',
    zoneName: 'MST',
    utcOffset: '-07:00',
    location: 'Central Library, Denver',
    type: 'in-person',
    description: 'Amara Okafor on our first year in state legislatures, then an hour of unscreened questions.',
  },
  {
    id: 'policy-lab-digital-tax-account',
    day: '2026-12-09',
    title: 'Policy Lab: the pre-filled tax return',
    date: '9 December',
    time: '19:00 – 20:30',
    timeZone: 'America/New_York',
    zoneName: 'EST',
    utcOffset: '-05:00',
    location: 'Online',
    type: 'virtual',
    description:
      'Test our prototype of a pre-filled digital tax account and tell the design team what you would need to trust it.',
  },
  {
    id: 'volunteer-training-january',
    day: '2027-01-14',
    title: 'New volunteer training',
    date: '14 January',
    time: '18:00 – 19:30',
    timeZone: 'America/New_York',
    zoneName: 'EST',
    utcOffset: '-05:00',
    location: 'Online',
    type: 'virtual',
    description:
      'Everything a new volunteer needs: how we campaign, how we talk about evidence, and how to run a street stall.',
  },
  {
    id: 'town-hall-austin',
    day: '2027-01-22',
    title: 'Town Hall: Austin',
    date: '22 January',
    time: '18:30 – 20:30',
    timeZone: 'America/Chicago',
    zoneName: 'CST',
    utcOffset: '-06:00',
    location: 'Carver Community Center, Austin',
    type: 'in-person',
    description: 'Daniel Reyes on the Budget Transparency Act, and your questions on public spending.',
  },
  {
    id: 'climate-evidence-forum',
    day: '2027-02-05',
    title: 'Climate evidence forum',
    date: '5 February',
    time: '17:00 – 19:00',
    timeZone: 'America/New_York',
    zoneName: 'EST',
    utcOffset: '-05:00',
    location: 'Online',
    type: 'virtual',
    description:
      'Three economists debate the carbon dividend with our environment working group. Bring your hardest questions.',
  },
  {
    id: 'chapter-leaders-summit',
    day: '2027-02-21',
    title: 'Chapter leaders summit',
    date: '21 February',
    time: '10:00 – 16:00',
    timeZone: 'America/Chicago',
    zoneName: 'CST',
    utcOffset: '-06:00',
    location: 'Union Hall, Chicago',
    type: 'in-person',
    description: 'Leaders of all 32 chapters meet to share what worked this year and plan the spring campaign.',
  },
  {
    id: 'open-drafting-healthcare',
    day: '2027-03-04',
    title: 'Open drafting session: healthcare',
    date: '4 March',
    time: '19:00 – 20:30',
    timeZone: 'America/New_York',
    zoneName: 'EST',
    utcOffset: '-05:00',
    location: 'Online',
    type: 'virtual',
    description: 'Comment live on the draft of our prevention fund policy, with the clinicians who wrote it.',
  },
  {
    id: 'spring-conference',
    day: '2027-03-28',
    title: 'Spring Conference',
    date: '28 March',
    time: '09:30 – 17:30',
    timeZone: 'America/Chicago',
    zoneName: 'CDT',
    utcOffset: '-05:00',
    location: 'Convention Center, Minneapolis',
    type: 'in-person',
    description: 'Our annual conference: member votes on the platform, evidence sessions, and the leader’s speech.',
  },
];

const past: EventFields[] = [
  {
    id: 'volunteer-week-launch',
    day: '2026-08-30',
    title: 'Volunteer week launch',
    date: '30 August',
    time: '11:00 – 13:00',
    timeZone: 'America/New_York',
    zoneName: 'EDT',
    utcOffset: '-04:00',
    location: 'Riverside Park, Philadelphia',
    type: 'in-person',
    description: 'The start of a week in which volunteers held 3,200 conversations with voters.',
  },
  {
    id: 'tutoring-evidence-webinar',
    day: '2026-10-16',
    title: 'Tutoring evidence webinar',
    date: '16 October',
    time: '18:00 – 19:00',
    timeZone: 'America/New_York',
    zoneName: 'EDT',
    utcOffset: '-04:00',
    location: 'Online',
    type: 'virtual',
    description: 'Priya Raman and the trial’s evaluators on what 40,000 pupils taught us about tutoring.',
  },
  {
    id: 'chapter-32-founding-meeting',
    day: '2026-10-25',
    title: 'Founding meeting of our 32nd chapter',
    date: '25 October',
    time: '14:00 – 17:00',
    timeZone: 'America/Boise',
    zoneName: 'MDT',
    utcOffset: '-06:00',
    location: 'Old Market Hall, Boise',
    type: 'in-person',
    description: 'The first meeting of our newest state chapter, with 140 members.',
  },
  {
    id: 'algorithm-register-qa',
    day: '2026-11-07',
    title: 'Q&A: a public register of algorithms',
    date: '7 November',
    time: '19:00 – 20:00',
    timeZone: 'America/New_York',
    zoneName: 'EST',
    utcOffset: '-05:00',
    location: 'Online',
    type: 'virtual',
    description:
      'Mei-Lin Chen answered questions about our proposal to register every algorithm used in decisions about people.',
  },
];

const asGiven =
  (past: boolean) =>
  (fields: EventFields): PartyEvent => {
    const [start = '00:00', end = start] = fields.time.split('–').map((part) => part.trim());
    return {
      ...fields,
      weekday: new Date(`${fields.day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
      startsAt: new Date(`${fields.day}T${start}:00${fields.utcOffset}`).toISOString(),
      endsAt: new Date(`${fields.day}T${end}:00${fields.utcOffset}`).toISOString(),
      past,
      cancelled: false,
      registration: past
        ? { state: 'closed', placesLeft: null, waitlist: 0 }
        : { state: 'open', placesLeft: null, waitlist: 0 },
    };
  };

/** Upcoming soonest first, past latest first, as the gateway lists them. */
export const testCalendar: EventCalendar = {
  upcoming: upcoming.map(asGiven(false)),
  past: past.map(asGiven(true)).reverse(),
};

/** One of the test calendar's events. */
export const testEvent = (id: string): PartyEvent =>
  [...testCalendar.upcoming, ...testCalendar.past].find((event) => event.id === id)!;

/** Puts `data` where the gateway writes a page's data, as if it had rendered the page with it. */
export function renderedWith(data: PageData): void {
  let element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) {
    element = document.createElement('script');
    element.id = PAGE_DATA_ELEMENT_ID;
    element.setAttribute('type', 'application/json');
    document.head.append(element);
  }
  element.textContent = JSON.stringify(data);
}

/** The data the gateway renders an event's page with (and the calendar, for the pages listing events). */
export const eventPageData = (id: string): PageData => ({
  eventCalendar: testCalendar,
  eventPage: { id, event: [...testCalendar.upcoming, ...testCalendar.past].find((event) => event.id === id) ?? null },
});
