/** The party's public name: toasts and page titles in every package name it the same way. */
export const PARTY_NAME = 'The Refoundation Party';

/** What the party is, in one sentence: the description of a page that has none of its own. */
export const PARTY_DESCRIPTION =
  'A party for evidence-based, technology-enabled government: not patching broken systems, replacing them.';

/** Where the party is: shown on the Contact page and at the foot of every email it sends. */
export const PARTY_HEADQUARTERS = {
  addressLines: ['1200 Civic Commons Way, Suite 400', 'Washington, DC 20005', 'United States'],
  email: 'hello@refoundation.example',
} as const;
