import { PARTY_NAME, socialCards } from '@party/shared-contracts';
import { eventInstants } from '../features/events/event-times';
import type { PartyEvent } from '../features/events/events';
import type { NewsArticle } from '../features/news/articles';

// schema.org JSON-LD for the pages search engines describe richly. URLs are paths: the gateway
// makes them absolute for the site's own origin.

const party = { '@type': 'PoliticalParty', name: PARTY_NAME, url: '/' } as const;

export const organizationData = {
  '@context': 'https://schema.org',
  ...party,
  description: 'A party for evidence-based, technology-enabled government: not patching broken systems, replacing them.',
  logo: socialCards.site,
  sameAs: [],
};

export function newsArticleData(article: NewsArticle, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.published,
    author: { '@type': 'Person', name: article.author },
    publisher: party,
    image: article.image,
    url,
  };
}

export function eventData(event: PartyEvent, url: string) {
  const { start, end } = eventInstants(event);
  const online = event.type === 'virtual';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: start,
    endDate: end,
    eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: online ? { '@type': 'VirtualLocation', url } : { '@type': 'Place', name: event.location, address: event.location },
    organizer: party,
    isAccessibleForFree: true,
    url,
  };
}
