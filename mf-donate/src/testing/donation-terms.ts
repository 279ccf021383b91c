import {
  donationPledgeTypedData,
  type AcceptingDonationTerms,
  type DeclarationFieldId,
  type DonationPledgeReceipt,
  type DonationTerms,
} from '@party/shared-contracts';
import { fetchedTermsStore } from '../features/networks/accepted-networks';

/** Terms as the gateway's US profile gives them, for the page and stores under test. */
export const usTerms: AcceptingDonationTerms = {
  accepting: true,
  profile: 'us-federal',
  currency: 'USD',
  declarationThreshold: 0,
  cap: { amount: 100, period: { kind: 'since', date: '2025-01-01', label: 'the 2026 election' } },
  disclosureThreshold: 200,
  declaration: {
    fields: ['fullName', 'email', 'streetAddress', 'city', 'region', 'postalCode', 'occupation', 'employer'],
    affirmations: [
      { id: 'own-funds', text: 'This contribution is made from my own funds.' },
      { id: 'not-foreign-national', text: 'I am not a foreign national.' },
    ],
  },
  networks: [
    { chainId: 1, receivingAddress: '0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09' },
    { chainId: 42161, receivingAddress: '0x60578d37e61b10D3e052DFD5348D3D8F5aE21a73' },
    { chainId: 137, receivingAddress: '0xb215C72fF1EC9f2B40A21a08f825cfCafAC99cd5' },
  ],
};

/** A complete declaration, as a donor types it. */
export const aDeclaration: Record<DeclarationFieldId, string> = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.org',
  streetAddress: '12 Analytical Way',
  city: 'Denver',
  region: 'CO',
  postalCode: '80202',
  country: 'United States',
  occupation: 'Mathematician',
  employer: 'Self-employed',
};

/** The page's terms for the tests that follow (there is no gateway HTML in jsdom). */
export function giveTerms(terms: DonationTerms | null) {
  fetchedTermsStore.setState({ terms, unavailable: false });
}

/** What a donor declares under the US terms: their fields only. */
export const usDeclaration = Object.fromEntries(
  usTerms.declaration.fields.map((field) => [field, aDeclaration[field]]),
);

/** What the gateway answers to a pledge of `amountEth` on `chainId` under the US terms: its id, and what the wallet signs. */
export function pledgeReceipt(pledge: string, chainId = 1, amountEth = '0.01'): DonationPledgeReceipt {
  const recipient = usTerms.networks.find((network) => network.chainId === chainId)!.receivingAddress;
  const amountWei = BigInt(Math.round(Number(amountEth) * 1e6)) * 10n ** 12n;
  return {
    pledge,
    typedData: donationPledgeTypedData({
      pledge,
      chainId,
      recipient,
      amountWei,
      amountEth,
      donor: aDeclaration.fullName,
      declarationDigest: `0x${'00'.repeat(32)}`,
    }),
    expiresAt: '2026-11-28T13:00:00.000Z',
  };
}
