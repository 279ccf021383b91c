import * as z from 'zod/mini';
import { pageSlug } from '../site-links.js';
import { emailField, mustBeTrue, textField } from './form-fields.js';

/** A place at one of the party's events, from the event's own page. */
export const eventRegistrationSchema = z.object({
  eventId: z.string('Unknown event').check(z.maxLength(80, 'Unknown event'), z.regex(pageSlug, 'Unknown event')),
  name: textField(2, 'Name must be at least 2 characters', 100, 'Name must be at most 100 characters'),
  email: emailField(),
  privacy: mustBeTrue('You must agree to the privacy policy'),
  /** The visitor's own zone (IANA), as their browser says: reminders give the time in it too. */
  timeZone: z.optional(
    z.string().check(z.maxLength(64, 'Unknown time zone'), z.regex(/^[A-Za-z_+\-/0-9]*$/, 'Unknown time zone')),
  ),
});

export type EventRegistration = z.infer<typeof eventRegistrationSchema>;
