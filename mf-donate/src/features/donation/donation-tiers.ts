/** The donation tiers (docs/product.md, sections 3 and 9). Amounts are decimal strings of ETH: never floats. */
export interface DonationTier {
  id: 'supporter' | 'advocate' | 'champion' | 'visionary';
  name: string;
  amountEth: string;
  description: string;
  benefits: readonly string[];
  popular?: boolean;
}

export const donationTiers: readonly DonationTier[] = [
  {
    id: 'supporter',
    name: 'Supporter',
    amountEth: '0.01',
    description: 'Covers the hosting of our open policy papers for a month.',
    benefits: ['Thank-you email', 'Quarterly impact report'],
  },
  {
    id: 'advocate',
    name: 'Advocate',
    amountEth: '0.05',
    description: 'Funds a town hall: venue, accessibility and live captions.',
    benefits: ['Everything in Supporter', 'Name in the annual report (optional)'],
  },
  {
    id: 'champion',
    name: 'Champion',
    amountEth: '0.2',
    description: 'Pays for an independent evidence review of one policy.',
    benefits: ['Everything in Advocate', 'Invitation to a policy briefing'],
  },
  {
    id: 'visionary',
    name: 'Visionary',
    amountEth: '0.5',
    description: 'Builds an open-source prototype of a public service.',
    benefits: ['Everything in Champion', 'Call with the policy team'],
    popular: true,
  },
];

export type DonationTierId = DonationTier['id'];

export function findDonationTier(id: string | null | undefined): DonationTier | undefined {
  return donationTiers.find((tier) => tier.id === id);
}
