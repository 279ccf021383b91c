import QRCode from 'qrcode';
import { eventLinks, eventPage } from '@party/shared-contracts';
import { renderEmail, type EmailContent, type QueuedEmail } from '../platform/index.js';
import { calendarFile, type CalendarMethod } from './event-calendar-file.js';
import type { EventRow } from './event-rows.js';
import { spokenTime } from './event-times.js';

/** Where a message about a place is sent from, and what its links open. */
export interface EventMailContext {
  origin: string;
  /** The organiser's address in calendar entries: the site's From address. */
  organizer: string;
}

/** The person a message is about: their registration. */
export interface PlaceHolder {
  name: string;
  email: string;
  token: string;
  checkInCode: string;
  visitorTimeZone: string | null;
}

const FOOTNOTE =
  'You receive this email because this address was used to register for one of our events. Your place’s page lets you cancel it.';

const placeLink = (context: EventMailContext, token: string) =>
  `${context.origin}${eventLinks.placePage}?token=${encodeURIComponent(token)}`;

/** When, in the event's zone, and in the person's own when their browser told us a different one. */
export function whenText(event: Pick<EventRow, 'starts_at' | 'time_zone'>, visitorTimeZone: string | null): string {
  const there = spokenTime(event.starts_at, event.time_zone);
  if (!visitorTimeZone || visitorTimeZone === event.time_zone) return there;
  const here = spokenTime(event.starts_at, visitorTimeZone);
  return here === there ? there : `${there} (${here} where you are)`;
}

const whereText = (event: EventRow, confirmed: boolean) =>
  event.type === 'virtual'
    ? confirmed && event.join_url
      ? `Online. Join here: ${event.join_url}`
      : 'Online: the joining link comes with your confirmed place.'
    : event.place;

function calendarOf(event: EventRow, method: CalendarMethod, context: EventMailContext, person: PlaceHolder) {
  const confirmed = method === 'REQUEST';
  return calendarFile(
    {
      id: event.id,
      title: event.title,
      description: `${event.summary}\n\n${context.origin}${eventPage(event.id)}`,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      location: event.type === 'virtual' ? (confirmed && event.join_url) || 'Online' : event.place,
      url: `${context.origin}${eventPage(event.id)}`,
      sequence: event.sequence,
      cancelled: event.cancelled_at !== null,
      updatedAt: event.updated_at,
    },
    method,
    { organizer: context.organizer, siteHost: new URL(context.origin).hostname, attendee: person },
  );
}

const CODE_CID = 'check-in-code';

async function placeEmail(
  kind: QueuedEmail['kind'],
  content: Omit<EmailContent, 'footnote'> & { footnote?: string },
  context: EventMailContext,
  person: PlaceHolder,
  extras: { calendar?: { method: 'REQUEST' | 'CANCEL'; event: EventRow }; code?: boolean } = {},
): Promise<QueuedEmail> {
  const qr = extras.code
    ? (
        await QRCode.toBuffer(person.checkInCode, { type: 'png', margin: 2, width: 240, errorCorrectionLevel: 'M' })
      ).toString('base64')
    : null;
  return {
    kind,
    to: person.email,
    ...renderEmail(
      {
        footnote: FOOTNOTE,
        ...content,
        ...(qr ? { image: { cid: CODE_CID, alt: `Check-in code ${person.checkInCode}`, size: 160 } } : {}),
      },
      context.origin,
    ),
    attachments: [
      ...(extras.calendar
        ? [
            {
              method: extras.calendar.method,
              filename: extras.calendar.method === 'CANCEL' ? 'cancellation.ics' : 'invitation.ics',
              content: calendarOf(extras.calendar.event, extras.calendar.method, context, person),
            },
          ]
        : []),
      ...(qr ? [{ filename: 'check-in-code.png', contentType: 'image/png', base64: qr, cid: CODE_CID }] : []),
    ],
  };
}

const codeLine = (person: PlaceHolder) =>
  `Your check-in code: ${person.checkInCode}. Show it (or the QR code below) at the door.`;

/** A confirmed place: when and where, the joining link of an online event, the code, the calendar entry. */
export const confirmationEmail = (event: EventRow, person: PlaceHolder, context: EventMailContext) =>
  placeEmail(
    'event-place',
    {
      subject: `Your place at ${event.title} is confirmed`,
      paragraphs: [
        `Hello ${person.name},`,
        `Your place at ${event.title} is confirmed.`,
        `When: ${whenText(event, person.visitorTimeZone)}`,
        `Where: ${whereText(event, true)}`,
        codeLine(person),
      ],
      action: { label: 'See or cancel your place', url: placeLink(context, person.token) },
      afterAction: [
        'The calendar entry attached to this email follows any change we make to the event. If you cannot come, please cancel your place so that someone on the waitlist can have it.',
      ],
    },
    context,
    person,
    { calendar: { method: 'REQUEST', event }, code: true },
  );

/** A place in the waitlist's queue. */
export const waitlistEmail = (event: EventRow, person: PlaceHolder, position: number, context: EventMailContext) =>
  placeEmail(
    'event-place',
    {
      subject: `You are on the waitlist for ${event.title}`,
      paragraphs: [
        `Hello ${person.name},`,
        `${event.title} is full, so you are on its waitlist: number ${position} in the queue.`,
        `When: ${whenText(event, person.visitorTimeZone)}`,
        `If a place comes free, we offer it to the first in the queue by email, and hold it for ${event.offer_hours} hours.`,
      ],
      action: { label: 'See your place in the queue', url: placeLink(context, person.token) },
    },
    context,
    person,
  );

/** A freed place, held for this person until `expiresAt`. */
export const offerEmail = (event: EventRow, person: PlaceHolder, expiresAt: Date, context: EventMailContext) =>
  placeEmail(
    'event-place',
    {
      subject: `A place has come free at ${event.title}`,
      paragraphs: [
        `Hello ${person.name},`,
        `A place has come free at ${event.title}, and you are next on the waitlist.`,
        `When: ${whenText(event, person.visitorTimeZone)}`,
        `We hold it for you until ${whenText({ starts_at: expiresAt, time_zone: event.time_zone }, person.visitorTimeZone)}. After that it goes to the next person in the queue.`,
      ],
      action: { label: 'Take the place', url: placeLink(context, person.token) },
    },
    context,
    person,
  );

/** An offer not taken in time. */
export const offerLapsedEmail = (event: EventRow, person: PlaceHolder, context: EventMailContext) =>
  placeEmail(
    'event-place',
    {
      subject: `The place at ${event.title} has passed on`,
      paragraphs: [
        `Hello ${person.name},`,
        `The place we held for you at ${event.title} was not taken in time, so it has gone to the next person on the waitlist.`,
        'You can register again from the event’s page: you would join the end of the queue.',
      ],
      action: { label: 'See the event', url: `${context.origin}${eventPage(event.id)}` },
    },
    context,
    person,
  );

/** The person's own cancellation: a CANCEL for the calendar entry of a place they held. */
export const placeCancelledEmail = (event: EventRow, person: PlaceHolder, held: boolean, context: EventMailContext) =>
  placeEmail(
    'event-place',
    {
      subject: `Your place at ${event.title} is cancelled`,
      paragraphs: [
        `Hello ${person.name},`,
        held
          ? `Your place at ${event.title} is cancelled, and offered to the next person on the waitlist. Thank you for letting us know.`
          : `You have left the waitlist for ${event.title}.`,
        'Changed your mind? Register again from the event’s page while registration is open.',
      ],
      action: { label: 'See the event', url: `${context.origin}${eventPage(event.id)}` },
    },
    context,
    person,
    held ? { calendar: { method: 'CANCEL', event } } : {},
  );

/** The event changed its time or place: an update of the calendar entry, its SEQUENCE raised. */
export const eventChangedEmail = (event: EventRow, person: PlaceHolder, context: EventMailContext) =>
  placeEmail(
    'event-change',
    {
      subject: `${event.title} has changed`,
      paragraphs: [
        `Hello ${person.name},`,
        `We have changed the time or place of ${event.title}. Your place is kept.`,
        `When: ${whenText(event, person.visitorTimeZone)}`,
        `Where: ${whereText(event, true)}`,
        'The calendar entry attached updates the one you have.',
      ],
      action: { label: 'See or cancel your place', url: placeLink(context, person.token) },
    },
    context,
    person,
    { calendar: { method: 'REQUEST', event } },
  );

/** The party cancelled the event. */
export const eventCancelledEmail = (event: EventRow, person: PlaceHolder, held: boolean, context: EventMailContext) =>
  placeEmail(
    'event-change',
    {
      subject: `${event.title} is cancelled`,
      paragraphs: [
        `Hello ${person.name},`,
        `We are sorry: ${event.title}, planned for ${whenText(event, person.visitorTimeZone)}, is cancelled.`,
        'Our other events are on our website.',
      ],
      action: { label: 'See our events', url: `${context.origin}/events` },
    },
    context,
    person,
    held ? { calendar: { method: 'CANCEL', event } } : {},
  );

/** The day before, or on the day. */
export const reminderEmail = (
  event: EventRow,
  person: PlaceHolder,
  when: 'day-before' | 'same-day',
  context: EventMailContext,
) =>
  placeEmail(
    'event-reminder',
    {
      subject: `${when === 'day-before' ? 'Tomorrow' : 'Today'}: ${event.title}`,
      paragraphs: [
        `Hello ${person.name},`,
        `A reminder: ${event.title} is ${when === 'day-before' ? 'tomorrow' : 'today'}.`,
        `When: ${whenText(event, person.visitorTimeZone)}`,
        `Where: ${whereText(event, true)}`,
        codeLine(person),
        'Cannot come after all? Please cancel your place so that someone on the waitlist can have it.',
      ],
      action: { label: 'See or cancel your place', url: placeLink(context, person.token) },
    },
    context,
    person,
    { code: true },
  );

/** After the event: thanks to those who came, a word to those who did not. */
export const followUpEmail = (event: EventRow, person: PlaceHolder, attended: boolean, context: EventMailContext) =>
  placeEmail(
    'event-follow-up',
    {
      subject: attended ? `Thank you for coming to ${event.title}` : `Sorry we missed you at ${event.title}`,
      paragraphs: [
        `Hello ${person.name},`,
        attended
          ? `Thank you for coming to ${event.title}. What you said there goes into our public record of the event.`
          : `We missed you at ${event.title}. We hope to see you at one of our next events.`,
      ],
      action: {
        label: attended ? 'Read the recap' : 'See our events',
        url: `${context.origin}${attended ? eventPage(event.id) : '/events'}`,
      },
    },
    context,
    person,
  );
