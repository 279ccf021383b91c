import { fieldErrorsOf } from './form-fields';
import { volunteerSignupSchema, type VolunteerSignup } from './volunteer-signup';

const valid: VolunteerSignup = {
  name: 'Katherine Johnson',
  email: 'kj@example.org',
  interests: ['research', 'digital'],
  availability: 'weekends',
  privacy: true,
};

function errorsFor(change: Record<string, unknown>) {
  const result = volunteerSignupSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('volunteerSignupSchema', () => {
  it('accepts a complete sign-up', () => {
    expect(errorsFor({})).toEqual({});
    expect(errorsFor({ name: 'KJ', interests: ['events'] })).toEqual({});
  });

  it.each([
    ['name', 'K', 'Name must be at least 2 characters'],
    ['email', 'kj', 'Please enter a valid email address'],
    ['interests', [], 'Please choose at least one area'],
    ['interests', ['juggling'], 'Please choose at least one area'],
    ['availability', '', 'Please tell us when you are available'],
    ['privacy', false, 'You must agree to the privacy policy'],
  ])('rejects %s = %j with "%s"', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });
});
