import { PARTY_NAME } from '@party/shared-contracts';
import { applyPageMeta } from './page-meta';

describe('applyPageMeta', () => {
  it('sets the title with the party name, and the description and social tags', () => {
    applyPageMeta({ title: 'Donate', description: 'Donate ETH from your browser wallet.' });

    expect(document.title).toBe(`Donate | ${PARTY_NAME}`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Donate ETH from your browser wallet.',
    );
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', `Donate | ${PARTY_NAME}`);
  });

  it('does not repeat the party name on the home page', () => {
    applyPageMeta({ title: PARTY_NAME, description: 'Home' });
    expect(document.title).toBe(PARTY_NAME);
  });

  it('updates the existing tags rather than adding more', () => {
    applyPageMeta({ title: 'A', description: 'first' });
    applyPageMeta({ title: 'B', description: 'second' });
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
