import * as z from 'zod/mini';
import { namedTextField } from '../forms/form-fields.js';
import { pageSlug } from '../site-links.js';
import { eventTypes } from './party-events.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const optionalClock = (message: string) =>
  z.string(message).check(z.trim(), z.regex(/^$|^(?:[01]\d|2[0-3]):[0-5]\d$/, message));

/**
 * An event as staff write it in the console: its times as clock times on a day in its own zone
 * (the gateway checks the zone and turns them into instants), numbers as typed.
 */
export const eventDraftSchema = z.object({
  id: z
    .string('Use lower-case letters, digits and hyphens')
    .check(
      z.trim(),
      z.maxLength(80, 'At most 80 characters'),
      z.regex(pageSlug, 'Use lower-case letters, digits and hyphens'),
    ),
  title: namedTextField(5, 120, 'The title'),
  description: namedTextField(20, 300, 'The summary'),
  details: z.string().check(z.trim(), z.maxLength(10_000, 'The details must be at most 10,000 characters')),
  type: z.enum(eventTypes, 'Choose in person or online'),
  timeZone: z
    .string('Choose a time zone')
    .check(z.trim(), z.minLength(3, 'Choose a time zone'), z.maxLength(64, 'Choose a time zone')),
  date: z.string('Give the date').check(z.regex(DATE, 'Give the date')),
  startTime: z.string('Give the start time').check(z.regex(CLOCK, 'Give the start time')),
  endTime: z.string('Give the end time').check(z.regex(CLOCK, 'Give the end time')),
  location: namedTextField(2, 200, 'The place'),
  joinUrl: z
    .string()
    .check(
      z.trim(),
      z.maxLength(500, 'At most 500 characters'),
      z.regex(/^$|^https:\/\/\S+$/, 'Give an https:// link, or leave it empty'),
    ),
  capacity: z.string().check(z.trim(), z.regex(/^$|^[1-9]\d{0,5}$/, 'A whole number of places, or empty for no limit')),
  registrationCloses: z
    .string()
    .check(z.trim(), z.regex(/^$|^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d$/, 'A date and time, or empty')),
  offerHours: z
    .string('From 1 to 168 hours')
    .check(z.trim(), z.regex(/^(?:[1-9]\d?|1[0-5]\d|16[0-8])$/, 'From 1 to 168 hours')),
  remindDayBefore: optionalClock('A time such as 10:00, or empty for none'),
  remindSameDay: optionalClock('A time such as 08:00, or empty for none'),
});
export type EventDraft = z.infer<typeof eventDraftSchema>;

/** An arrival marked at the door (or unmarked, for a mistake). */
export const doorCheckInSchema = z.object({ attended: z.boolean('Say whether they came') });
