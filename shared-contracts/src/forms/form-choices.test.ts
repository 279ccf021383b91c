import { findMembershipTier, membershipTiers } from './form-choices';

describe('membership tiers', () => {
  it('are the three of the specification, with their prices, Member marked popular', () => {
    expect(membershipTiers.map((tier) => [tier.id, tier.priceText, tier.popular])).toEqual([
      ['supporter', 'Free', false],
      ['member', '$5/month', true],
      ['advocate', '$15/month', false],
    ]);
  });

  it('are found by id, and nothing else is', () => {
    expect(findMembershipTier('advocate')?.monthlyFeeUsd).toBe(15);
    expect(findMembershipTier('founder')).toBeUndefined();
    expect(findMembershipTier(null)).toBeUndefined();
  });
});
