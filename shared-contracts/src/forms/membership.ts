import * as z from 'zod/mini';
import { emailField, mustBeTrue, newPasswordField, textField } from './form-fields.js';
import { membershipTierIds } from './form-choices.js';
import { regionValues } from './regions.js';

const SELECT_TIER = 'Please select a membership tier';
const SELECT_REGION = 'Please select your state/county/region';

/** A membership registration from the Join page (docs/product.md, section 5). */
export const membershipRegistrationSchema = z.object({
  firstName: textField(2, 'First name must be at least 2 characters', 100, 'First name must be at most 100 characters'),
  lastName: textField(2, 'Last name must be at least 2 characters', 100, 'Last name must be at most 100 characters'),
  email: emailField(),
  password: newPasswordField(),
  address: textField(5, 'Please enter your address', 200, 'Address must be at most 200 characters'),
  city: textField(2, 'Please enter your city', 100, 'City must be at most 100 characters'),
  state: z.string(SELECT_REGION).check(
    z.minLength(2, SELECT_REGION),
    z.refine((value) => regionValues.has(value), SELECT_REGION),
  ),
  zip: textField(2, 'Please enter a valid postal/ZIP code', 12, 'Please enter a valid postal/ZIP code'),
  membershipTier: z.enum(membershipTierIds, SELECT_TIER),
  agreeToTerms: mustBeTrue('You must agree to the terms and conditions'),
});

export type MembershipRegistration = z.infer<typeof membershipRegistrationSchema>;

/**
 * A complete registration that every rule accepts, with `change` applied: the one the tests of
 * every package start from (each with an address of its own), so that a new rule is met in one place.
 */
export function membershipRegistrationExample(change: Partial<MembershipRegistration> = {}): MembershipRegistration {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.org',
    password: 'correct horse battery',
    address: '1 Main Street',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    membershipTier: 'member',
    agreeToTerms: true,
    ...change,
  };
}
