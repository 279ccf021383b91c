import { articles, type NewsArticle } from './articles';
import { filterArticles, initialNewsFilter } from './filter-articles';

const article = (overrides: Partial<NewsArticle>): NewsArticle => ({
  id: 'id',
  title: 'Title',
  excerpt: 'Excerpt',
  published: '2026-01-01',
  date: '1 January 2026',
  category: 'Policy',
  image: 'image.svg',
  imageAlt: 'Image',
  author: 'Author',
  ...overrides,
});

const sample = [
  article({ id: 'tax', title: 'A pre-filled Tax Return', excerpt: 'Less paperwork', category: 'Policy' }),
  article({ id: 'health', title: 'Health records', excerpt: 'What the TAX office knows', category: 'Research' }),
  article({ id: 'chapter', title: 'A new chapter', excerpt: 'Thirty-two states', category: 'Campaign' }),
];
const ids = (list: readonly NewsArticle[]) => list.map((item) => item.id);

describe('filterArticles', () => {
  it('shows every article with the initial filter', () => {
    expect(filterArticles(articles, initialNewsFilter)).toHaveLength(9);
  });

  it('matches the search text in the title or the excerpt, whatever the case', () => {
    expect(ids(filterArticles(sample, { search: 'tax', category: 'All' }))).toEqual(['tax', 'health']);
    expect(ids(filterArticles(sample, { search: 'TAX RETURN', category: 'All' }))).toEqual(['tax']);
  });

  it('matches a substring, not only whole words', () => {
    expect(ids(filterArticles(sample, { search: 'pape', category: 'All' }))).toEqual(['tax']);
  });

  it('does not search other fields', () => {
    expect(filterArticles(sample, { search: 'Campaign', category: 'All' })).toEqual([]);
  });

  it('keeps only the exact category unless it is All', () => {
    expect(ids(filterArticles(sample, { search: '', category: 'Research' }))).toEqual(['health']);
    expect(filterArticles(sample, { search: '', category: 'Event' })).toEqual([]);
  });

  it('combines the search and the category', () => {
    expect(ids(filterArticles(sample, { search: 'tax', category: 'Policy' }))).toEqual(['tax']);
    expect(filterArticles(sample, { search: 'chapter', category: 'Policy' })).toEqual([]);
  });
});
