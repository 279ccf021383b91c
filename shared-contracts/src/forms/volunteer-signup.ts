import * as z from 'zod/mini';
import { volunteerAvailabilities, volunteerInterests } from './form-choices.js';
import { emailField, mustBeTrue, textField } from './form-fields.js';

type VolunteerInterest = (typeof volunteerInterests)[number]['value'];
type VolunteerAvailability = (typeof volunteerAvailabilities)[number]['value'];

const CHOOSE_INTEREST = 'Please choose at least one area';
const CHOOSE_AVAILABILITY = 'Please tell us when you are available';

/** A volunteer sign-up from the Volunteer page. */
export const volunteerSignupSchema = z.object({
  name: textField(2, 'Name must be at least 2 characters', 100, 'Name must be at most 100 characters'),
  email: emailField(),
  interests: z
    .array(
      z.enum(
        volunteerInterests.map((interest) => interest.value) as [VolunteerInterest, ...VolunteerInterest[]],
        CHOOSE_INTEREST,
      ),
      CHOOSE_INTEREST,
    )
    .check(z.minLength(1, CHOOSE_INTEREST), z.maxLength(volunteerInterests.length, CHOOSE_INTEREST)),
  availability: z.enum(
    volunteerAvailabilities.map((availability) => availability.value) as [
      VolunteerAvailability,
      ...VolunteerAvailability[],
    ],
    CHOOSE_AVAILABILITY,
  ),
  privacy: mustBeTrue('You must agree to the privacy policy'),
});

export type VolunteerSignup = z.infer<typeof volunteerSignupSchema>;
