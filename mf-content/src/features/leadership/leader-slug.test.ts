import { leaderSlug } from './leader-slug';
import { advisors, leaders } from './leaders';

describe('leaderSlug', () => {
  it('lower-cases and joins the words of a name with hyphens', () => {
    expect(leaderSlug('Amara Okafor')).toBe('amara-okafor');
    expect(leaderSlug('Mei-Lin Chen')).toBe('mei-lin-chen');
  });

  it('drops accents, punctuation and stray spaces', () => {
    expect(leaderSlug('  Dr. Tomás  Novák ')).toBe('dr-tomas-novak');
    expect(leaderSlug("Siobhán O'Neill")).toBe('siobhan-o-neill');
  });

  it('gives every leader and advisor a distinct anchor', () => {
    const slugs = [...leaders, ...advisors].map((person) => leaderSlug(person.name));
    expect(new Set(slugs).size).toBe(12);
  });
});
