import { fieldErrorsOf } from './form-fields';
import { newsletterSubscriptionSchema } from './newsletter-subscription';

describe('newsletterSubscriptionSchema', () => {
  it.each([
    ['', 'Please enter your email address'],
    ['   ', 'Please enter your email address'],
    [undefined, 'Please enter your email address'],
    ['reader@', 'Please enter a valid email address'],
  ])('rejects %j with "%s"', (email, message) => {
    const result = newsletterSubscriptionSchema.safeParse({ email });
    expect(result.success || fieldErrorsOf(result.error)).toEqual({ email: message });
  });

  it('normalises the address so that one reader is one subscription', () => {
    expect(newsletterSubscriptionSchema.parse({ email: '  Reader@Example.ORG ', extra: 1 })).toEqual({
      email: 'reader@example.org',
    });
  });
});
