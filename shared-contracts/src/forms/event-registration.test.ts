import { fieldErrorsOf } from './form-fields';
import { eventRegistrationSchema } from './event-registration';

const valid = { eventId: 'town-hall-denver', name: 'Ada Lovelace', email: ' Ada@Example.org ', privacy: true };

function errorsFor(change: Record<string, unknown>) {
  const result = eventRegistrationSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('eventRegistrationSchema', () => {
  it('accepts a registration, with the email normalised', () => {
    expect(eventRegistrationSchema.parse(valid)).toEqual({ ...valid, email: 'ada@example.org' });
  });

  it.each([
    ['eventId', '../admin', 'Unknown event'],
    ['eventId', 'x'.repeat(81), 'Unknown event'],
    ['name', 'A', 'Name must be at least 2 characters'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['privacy', false, 'You must agree to the privacy policy'],
  ])('rejects %s = %j with "%s"', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });
});
