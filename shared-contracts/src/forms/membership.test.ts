import { fieldErrorsOf } from './form-fields';
import { membershipRegistrationExample, membershipRegistrationSchema } from './membership';

const valid = membershipRegistrationExample();

function errorsFor(change: Record<string, unknown>) {
  const result = membershipRegistrationSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('membershipRegistrationSchema', () => {
  it('accepts a complete registration', () => {
    expect(membershipRegistrationSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['firstName', 'G', 'First name must be at least 2 characters'],
    ['lastName', 'H', 'Last name must be at least 2 characters'],
    ['email', 'grace.example.org', 'Please enter a valid email address'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['address', '1 Ma', 'Please enter your address'],
    ['city', 'D', 'Please enter your city'],
    ['state', '', 'Please select your state/county/region'],
    ['state', 'C', 'Please select your state/county/region'],
    ['state', 'Atlantis', 'Please select your state/county/region'],
    ['zip', '8', 'Please enter a valid postal/ZIP code'],
    ['membershipTier', '', 'Please select a membership tier'],
    ['membershipTier', 'founder', 'Please select a membership tier'],
    ['agreeToTerms', false, 'You must agree to the terms and conditions'],
  ])('rejects %s = %j with "%s"', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('accepts each boundary value', () => {
    expect(
      errorsFor({ firstName: 'Jo', lastName: 'Li', password: '12345678', address: '1 Ma.', city: 'Ur', zip: 'N1' }),
    ).toEqual({});
  });

  it('accepts UK counties, US states and the way out', () => {
    for (const state of ['Kent', 'Greater London', 'NY', 'other']) expect(errorsFor({ state })).toEqual({});
  });

  it('keeps the password exactly as typed, spaces included', () => {
    expect(membershipRegistrationSchema.parse({ ...valid, password: '  spaced out  ' }).password).toBe(
      '  spaced out  ',
    );
  });

  it('lists every error of an empty form at once', () => {
    const result = membershipRegistrationSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(Object.keys(result.success ? {} : fieldErrorsOf(result.error)).sort()).toEqual(Object.keys(valid).sort());
  });
});
