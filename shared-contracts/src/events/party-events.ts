// What the events pages, the registration form, the place page, the member area, the staff console
// and the gateway's events module agree on. No zod here (the schemas are in event-schemas.ts).

export const eventTypes = ['in-person', 'virtual'] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * An event as its public pages show it. Its times are written out by the gateway in the event's
 * zone, so that the server's HTML and the browser's render say the same whatever either's zone.
 * Never holds an online event's joining link.
 */
export interface PartyEvent {
  id: string;
  title: string;
  /** One sentence, on its card. */
  description: string;
  /** The programme before the event, its recap after it (on the event's own page only). */
  details?: string[];
  type: EventType;
  /** The calendar day in the event's zone, ISO 8601: '2026-12-03'. */
  day: string;
  /** Its weekday: 'Thursday'. */
  weekday: string;
  /** Day and month as shown: '3 December'. */
  date: string;
  /** Time range as shown, in `timeZone`: '18:30 – 20:30'. */
  time: string;
  /** IANA zone its times are counted in: the place's, or for an online event its organisers'. */
  timeZone: string;
  /** The zone's name and UTC offset on `day`: 'MST', '-07:00'. */
  zoneName: string;
  utcOffset: string;
  startsAt: string;
  endsAt: string;
  location: string;
  past: boolean;
  cancelled: boolean;
  registration: EventRegistrationState;
}

/** Whether a visitor can register, and what for: a place, or one on the waitlist. */
export interface EventRegistrationState {
  /** `open`: places remain (or there is no limit); `waitlist`: full, registering joins the queue. */
  state: 'open' | 'waitlist' | 'closed';
  /** Null: no limit. */
  placesLeft: number | null;
  waitlist: number;
}

/** The events pages' data: upcoming soonest first, past latest first. */
export interface EventCalendar {
  upcoming: PartyEvent[];
  past: PartyEvent[];
}

export type EventPlaceStatus = 'confirmed' | 'waitlisted' | 'offered' | 'cancelled';

/** What a registration answers (201): a place, or a place in the waitlist's queue (1 is next). */
export type EventPlaceAnswer = { status: 'confirmed' } | { status: 'waitlisted'; position: number };

/** A person's own place at an event, as its emailed link and the member area show it. */
export interface EventPlace {
  event: PartyEvent;
  name: string;
  status: EventPlaceStatus;
  /** In the waitlist's queue, 1 being next; null unless waitlisted. */
  position: number | null;
  /** Until when an offered place is held. */
  offerExpiresAt: string | null;
  /** The code shown at the door (and its QR code's text); confirmed places only. */
  checkInCode: string | null;
  /** An online event's joining link, for a confirmed place only. */
  joinUrl: string | null;
  /** The `?token=` of the place's own page (the member area links to it). */
  token: string;
}

export const eventLinks = {
  listEndpoint: '/api/events',
  /** A person's place, by the `?token=` of their email's link: the page, and what it posts to. */
  placePage: '/your-place',
  placeEndpoint: '/api/event-places',
  placeCancelEndpoint: '/api/event-places/cancel',
  placeAcceptEndpoint: '/api/event-places/accept',
  /** A signed-in member's places. */
  memberPlacesEndpoint: '/api/member/events',
} as const;

/** An event's own page. */
export const eventPage = (id: string) => `/events/${id}`;
/** An event's public calendar entry (METHOD:PUBLISH, no joining link). */
export const eventCalendarFile = (id: string) => `${eventLinks.listEndpoint}/${id}/calendar.ics`;

/** An event as the staff console lists and edits it: its fields as the form has them. */
export interface StaffEventRow {
  id: string;
  title: string;
  description: string;
  details: string;
  type: EventType;
  timeZone: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  joinUrl: string;
  capacity: string;
  registrationCloses: string;
  offerHours: string;
  remindDayBefore: string;
  remindSameDay: string;
  cancelled: boolean;
  past: boolean;
  /** Its start in words, in its zone: "Saturday 19 December 2026, 18:00 MST". */
  when: string;
  counts: { confirmed: number; offered: number; waitlisted: number; attended: number };
}

/** A registration on the door list. */
export interface DoorListEntry {
  id: string;
  name: string;
  email: string;
  checkInCode: string;
  attendedAt: string | null;
}
