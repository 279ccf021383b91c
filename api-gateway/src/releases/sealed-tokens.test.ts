import { sealedTokens } from './sealed-tokens.js';

describe('sealed tokens', () => {
  it('open what the site sealed for the same purpose, and nothing else', () => {
    const previews = sealedTokens('the site’s secret', 'release-previews');
    const token = previews.seal(['mf-donate', '1.2.0', 1_800_000_000_000]);
    expect(previews.open(token)).toEqual(['mf-donate', '1.2.0', 1_800_000_000_000]);
    expect(sealedTokens('the site’s secret', 'canary-page-loads').open(token)).toBeNull();
    expect(sealedTokens('another secret', 'release-previews').open(token)).toBeNull();
    const [payload, signature] = token.split('.') as [string, string];
    expect(previews.open(`${payload}.${signature.slice(0, -1)}A`)).toBeNull();
    // As long, but not the same bytes: refused, not thrown.
    expect(previews.open(`${payload}.${'é'.repeat(signature.length)}`)).toBeNull();
    expect(previews.open('')).toBeNull();
    expect(previews.open(payload)).toBeNull();
  });
});
