import type { DonationDeclaration } from '@party/shared-contracts';

// No jest in here: the benches and the SQL injection scan, which run outside jest, declare with it too.

let people = 0;
/** A complete declaration under the local rules, of a new person each time (unless `change` names one). */
export function newDeclaration(change: Partial<DonationDeclaration> = {}): DonationDeclaration {
  people += 1;
  return {
    fullName: `Ada Lovelace ${people}`,
    email: `donor${people}@example.org`,
    streetAddress: '12 Analytical Way',
    city: 'Denver',
    region: 'CO',
    postalCode: '80202',
    occupation: 'Mathematician',
    employer: 'Self-employed',
    affirmations: ['own-funds', 'not-foreign-national'],
    ...change,
  };
}
