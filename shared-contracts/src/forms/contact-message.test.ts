import { contactMessageSchema, type ContactMessage } from './contact-message';
import { fieldErrorsOf } from './form-fields';

const valid: ContactMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'policy',
  message: 'How will the audit office be funded?',
  privacy: true,
};

function errorsFor(change: Record<string, unknown>) {
  const result = contactMessageSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('contactMessageSchema', () => {
  it('accepts a complete message', () => {
    expect(contactMessageSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', 'A', 'Name must be at least 2 characters'],
    ['name', ' A ', 'Name must be at least 2 characters'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['email', '', 'Please enter a valid email address'],
    ['subject', '', 'Please select a subject'],
    ['subject', 'lottery', 'Please select a subject'],
    ['message', '123456789', 'Message must be at least 10 characters'],
    ['message', 'x'.repeat(5001), 'Message must be at most 5000 characters'],
    ['privacy', false, 'You must agree to the privacy policy'],
  ])('rejects %s = %j with "%s"', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('accepts each boundary value', () => {
    expect(errorsFor({ name: 'Al', message: '1234567890' })).toEqual({});
    expect(errorsFor({ message: 'x'.repeat(5000) })).toEqual({});
  });

  it('reports a missing field with its own message', () => {
    const result = contactMessageSchema.safeParse({
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
    });
    expect(result.success || fieldErrorsOf(result.error)).toEqual({
      name: 'Name must be at least 2 characters',
      privacy: 'You must agree to the privacy policy',
    });
  });

  it('trims and normalises, and drops unknown fields', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Ada ', email: ' Ada@Example.ORG ', admin: true });
    expect(parsed).toEqual({ ...valid, name: 'Ada', email: 'ada@example.org' });
  });
});
