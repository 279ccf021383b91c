import type { NewsArticle, NewsCategoryFilter } from './articles';

export interface NewsFilter {
  search: string;
  category: NewsCategoryFilter;
}

export const initialNewsFilter: NewsFilter = { search: '', category: 'All' };

/** Case-insensitive substring on title or excerpt, and the exact category unless it is 'All'. */
export function filterArticles(articles: readonly NewsArticle[], { search, category }: NewsFilter): NewsArticle[] {
  const needle = search.trim().toLowerCase();
  return articles.filter(
    (article) =>
      (category === 'All' || article.category === category) &&
      (needle === '' || article.title.toLowerCase().includes(needle) || article.excerpt.toLowerCase().includes(needle)),
  );
}
