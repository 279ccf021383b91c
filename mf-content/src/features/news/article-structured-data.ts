import { partyData } from '../../ui/structured-data';
import type { NewsArticle } from './articles';

/** schema.org JSON-LD of an article's page. */
export function newsArticleData(article: NewsArticle, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.published,
    author: { '@type': 'Person', name: article.author },
    publisher: partyData,
    image: article.image,
    url,
  };
}
