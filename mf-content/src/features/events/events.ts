export const eventTypes = ['in-person', 'virtual'] as const;
export type EventType = (typeof eventTypes)[number];
export type EventTypeFilter = 'all' | EventType;

export interface PartyEvent {
  id: string;
  title: string;
  /** The calendar day, ISO 8601 (for search engines and calendars). */
  day: string;
  /** Day and month as shown, e.g. '24 June'. */
  date: string;
  /** Time range as shown, e.g. '18:30 – 20:30', in `timeZone`. */
  time: string;
  /** Where the times are counted (IANA): the place's, or for an online event the party's, Eastern. */
  timeZone: string;
  location: string;
  description: string;
  type: EventType;
  /** The longer account on the event's own page: the programme, or for a past event its recap. */
  details: readonly string[];
}

export const eventUrl = (event: Pick<PartyEvent, 'id'>) => `/events/${event.id}`;

export const upcomingEvents: readonly PartyEvent[] = [
  {
    id: 'town-hall-denver',
    day: '2026-12-03',
    title: 'Town Hall: Denver',
    date: '3 December',
    time: '18:30 – 20:30',
    timeZone: 'America/Denver',
    location: 'Central Library, Denver',
    type: 'in-person',
    description: 'Amara Okafor on our first year in state legislatures, then an hour of unscreened questions.',
    details: [
      'Our party leader Amara Okafor reports on what our nine elected representatives have done in their first year, what worked and what did not.',
      'The second hour is yours: questions from the floor, not screened in advance. Anything we cannot answer on the night gets a written answer on our website within two weeks.',
      'Step-free access, a hearing loop and live captions are available. Children are welcome.',
    ],
  },
  {
    id: 'policy-lab-digital-tax-account',
    day: '2026-12-09',
    title: 'Policy Lab: the pre-filled tax return',
    date: '9 December',
    time: '19:00 – 20:30',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Test our prototype of a pre-filled digital tax account and tell the design team what you would need to trust it.',
    details: [
      'Our digital government team shows a working prototype of the pre-filled tax account proposed in our economy policy.',
      'In small breakout groups you will try it with sample data and tell us where it confused you, what you would check and what would make you trust it.',
      'Your feedback goes into the consultation, which is published in full.',
    ],
  },
  {
    id: 'volunteer-training-january',
    day: '2027-01-14',
    title: 'New volunteer training',
    date: '14 January',
    time: '18:00 – 19:30',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Everything a new volunteer needs: how we campaign, how we talk about evidence, and how to run a street stall.',
    details: [
      'A practical introduction for new and prospective volunteers, led by our national organising team.',
      'We cover how chapters work, how to hold a conversation about policy without a script, and how we record what voters tell us.',
      'No experience needed. You will leave with a mentor in your own chapter.',
    ],
  },
  {
    id: 'town-hall-austin',
    day: '2027-01-22',
    title: 'Town Hall: Austin',
    date: '22 January',
    time: '18:30 – 20:30',
    timeZone: 'America/Chicago',
    location: 'Carver Community Center, Austin',
    type: 'in-person',
    description: 'Daniel Reyes on the Budget Transparency Act, and your questions on public spending.',
    details: [
      'Deputy leader Daniel Reyes explains the Budget Transparency Act and what it would let you see about public spending in Texas.',
      'The second hour is open questions from the floor.',
      'Step-free access and live captions are available.',
    ],
  },
  {
    id: 'climate-evidence-forum',
    day: '2027-02-05',
    title: 'Climate evidence forum',
    date: '5 February',
    time: '17:00 – 19:00',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Three economists debate the carbon dividend with our environment working group. Bring your hardest questions.',
    details: [
      'Three economists, one of whom opposes our proposal, debate the carbon price and dividend with our environment working group.',
      'We publish the model behind our proposal beforehand so that everyone can come prepared.',
      'Questions are taken live from the audience through the chat.',
    ],
  },
  {
    id: 'chapter-leaders-summit',
    day: '2027-02-21',
    title: 'Chapter leaders summit',
    date: '21 February',
    time: '10:00 – 16:00',
    timeZone: 'America/Chicago',
    location: 'Union Hall, Chicago',
    type: 'in-person',
    description: 'Leaders of all 32 chapters meet to share what worked this year and plan the spring campaign.',
    details: [
      'A day for the organisers of our 32 state chapters: what worked, what did not, and what we try next.',
      'Sessions on running open policy workshops, recruiting volunteers and supporting local candidates.',
      'Open to chapter leaders and their deputies. Travel support is available on request.',
    ],
  },
  {
    id: 'open-drafting-healthcare',
    day: '2027-03-04',
    title: 'Open drafting session: healthcare',
    date: '4 March',
    time: '19:00 – 20:30',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Comment live on the draft of our prevention fund policy, with the clinicians who wrote it.',
    details: [
      'The healthcare working group walks through the current draft of the prevention fund policy, section by section.',
      'Every comment made in the session is added to the public record of the draft.',
      'Clinicians, patients and carers are especially welcome.',
    ],
  },
  {
    id: 'spring-conference',
    day: '2027-03-28',
    title: 'Spring Conference',
    date: '28 March',
    time: '09:30 – 17:30',
    timeZone: 'America/Chicago',
    location: 'Convention Center, Minneapolis',
    type: 'in-person',
    description: 'Our annual conference: member votes on the platform, evidence sessions, and the leader’s speech.',
    details: [
      'Our annual conference, where members vote on the policy papers that have completed open drafting.',
      'Evidence sessions run all day alongside the votes, with researchers who worked on each paper.',
      'Members vote in person or online. Tickets are free for members and supporters.',
    ],
  },
];

/** Past events, the latest first: the one a visitor most likely looks for. */
export const pastEvents: readonly PartyEvent[] = latestFirst([
  {
    id: 'volunteer-week-launch',
    day: '2026-08-30',
    title: 'Volunteer week launch',
    date: '30 August',
    time: '11:00 – 13:00',
    timeZone: 'America/New_York',
    location: 'Riverside Park, Philadelphia',
    type: 'in-person',
    description: 'The start of a week in which volunteers held 3,200 conversations with voters.',
    details: [
      'More than 300 volunteers gathered to launch our national volunteer week.',
      'Over the following seven days they held 3,200 recorded conversations with voters about public services, and two new measures were added to our public promise as a result.',
    ],
  },
  {
    id: 'tutoring-evidence-webinar',
    day: '2026-10-16',
    title: 'Tutoring evidence webinar',
    date: '16 October',
    time: '18:00 – 19:00',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Priya Raman and the trial’s evaluators on what 40,000 pupils taught us about tutoring.',
    details: [
      'Priya Raman presented the results of the national tutoring trial with two of its independent evaluators.',
      '1,100 people attended. The recording and the answers to all 86 questions are on our research pages.',
    ],
  },
  {
    id: 'chapter-32-founding-meeting',
    day: '2026-10-25',
    title: 'Founding meeting of our 32nd chapter',
    date: '25 October',
    time: '14:00 – 17:00',
    timeZone: 'America/Boise',
    location: 'Old Market Hall, Boise',
    type: 'in-person',
    description: 'The first meeting of our newest state chapter, with 140 members.',
    details: [
      '140 members founded our 32nd state chapter, elected its first organisers and agreed its first open policy workshop.',
      'The chapter’s first budget and minutes are published on its page.',
    ],
  },
  {
    id: 'algorithm-register-qa',
    day: '2026-11-07',
    title: 'Q&A: a public register of algorithms',
    date: '7 November',
    time: '19:00 – 20:00',
    timeZone: 'America/New_York',
    location: 'Online',
    type: 'virtual',
    description: 'Mei-Lin Chen answered questions about our proposal to register every algorithm used in decisions about people.',
    details: [
      'Mei-Lin Chen explained our proposal for a public register of algorithms and the right to a human review.',
      'Questions ranged from fraud detection to school admissions. The recording and a written summary are available.',
    ],
  },
]);

function latestFirst(events: PartyEvent[]): PartyEvent[] {
  return events.sort((a, b) => b.day.localeCompare(a.day));
}

/** The next upcoming events, soonest first. */
export function nextEvents(count: number): PartyEvent[] {
  return [...upcomingEvents].sort((a, b) => a.day.localeCompare(b.day)).slice(0, count);
}

export function findEvent(id: string | undefined): { event: PartyEvent; past: boolean } | undefined {
  const upcoming = upcomingEvents.find((event) => event.id === id);
  if (upcoming) return { event: upcoming, past: false };
  const past = pastEvents.find((event) => event.id === id);
  return past && { event: past, past: true };
}

/** Every event of the type chosen, or all of them. */
export function filterEvents(events: readonly PartyEvent[], type: EventTypeFilter): PartyEvent[] {
  return events.filter((event) => type === 'all' || event.type === type);
}

export const supportedEventTypes = [
  'Town halls and public meetings',
  'Policy workshops and open drafting sessions',
  'Volunteer training',
  'Debates and evidence forums',
  'Chapter socials and fundraisers',
] as const;
