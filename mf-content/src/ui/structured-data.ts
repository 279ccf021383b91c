import { PARTY_DESCRIPTION, PARTY_NAME, socialCards } from '@party/shared-contracts';

// schema.org JSON-LD for the pages search engines describe richly (the articles and events have
// theirs in their features). URLs are paths: the gateway makes them absolute for the site's origin.

/** The party, as the publisher or organiser of what a page describes. */
export const partyData = { '@type': 'PoliticalParty', name: PARTY_NAME, url: '/' } as const;

export const organizationData = {
  '@context': 'https://schema.org',
  ...partyData,
  description: PARTY_DESCRIPTION,
  logo: socialCards.site,
  sameAs: [],
};
