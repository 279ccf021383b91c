import { signedLinks } from './signed-links.js';

const links = signedLinks('a-secret-of-at-least-thirty-two-characters');
const inAnHour = () => new Date(Date.now() + 60 * 60_000);

describe('signed links', () => {
  it('gives back the subject of a genuine token for its purpose', () => {
    const token = links.sign('newsletter-confirm', 'abc_DEF-123', inAnHour());
    expect(links.verify('newsletter-confirm', token)).toBe('abc_DEF-123');
  });

  it('refuses a token signed for another purpose, with another key, or altered', () => {
    const token = links.sign('newsletter-unsubscribe', '42', null);
    expect(links.verify('newsletter-confirm', token)).toBeNull();
    expect(
      signedLinks('another-secret-of-at-least-thirty-two-chars').verify('newsletter-unsubscribe', token),
    ).toBeNull();
    expect(links.verify('newsletter-unsubscribe', token.replace(/^42\./, '43.'))).toBeNull();
    expect(
      links.verify('newsletter-unsubscribe', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
  });

  it('refuses an expired token, and never expires one signed without an expiry', () => {
    const expiresAt = inAnHour();
    const token = links.sign('newsletter-confirm', 'nonce', expiresAt);
    expect(links.verify('newsletter-confirm', token, new Date(expiresAt.getTime() - 1000))).toBe('nonce');
    expect(links.verify('newsletter-confirm', token, new Date(expiresAt.getTime() + 1000))).toBeNull();
    const forever = links.sign('newsletter-unsubscribe', '7', null);
    expect(links.verify('newsletter-unsubscribe', forever, new Date('2100-01-01'))).toBe('7');
  });

  it('refuses what is not a token at all', () => {
    for (const junk of ['', 'a', 'a.b.c', '1.2.' + 'x'.repeat(43) + 'y', `${'a'.repeat(65)}.0.${'x'.repeat(43)}`]) {
      expect(links.verify('newsletter-confirm', junk)).toBeNull();
    }
  });
});
