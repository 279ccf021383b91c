import * as z from 'zod/mini';
import { emailField, mustBeTrue, newPasswordField, textField } from './form-fields.js';
import { regionValues } from './regions.js';

export const membershipTierIds = ['supporter', 'member', 'advocate'] as const;
export type MembershipTierId = (typeof membershipTierIds)[number];

export interface MembershipTier {
  id: MembershipTierId;
  title: string;
  description: string;
  /** Monthly fee in US dollars; 0 is free. */
  monthlyFeeUsd: number;
  priceText: string;
  features: readonly string[];
  buttonText: string;
  popular: boolean;
}

/** The three ways to join (spec, sections 2 and 9). */
export const membershipTiers: readonly MembershipTier[] = [
  {
    id: 'supporter',
    title: 'Supporter',
    description: 'Stay informed and add your name to the movement.',
    monthlyFeeUsd: 0,
    priceText: 'Free',
    features: [
      'Monthly policy newsletter',
      'Invitations to public town halls',
      'Vote in open policy surveys',
      'Supporter community forum',
    ],
    buttonText: 'Join as Supporter',
    popular: false,
  },
  {
    id: 'member',
    title: 'Member',
    description: 'Shape policy and choose our candidates.',
    monthlyFeeUsd: 5,
    priceText: '$5/month',
    features: [
      'Everything in Supporter',
      'Vote on policy positions and candidates',
      'Join a local chapter and its working groups',
      'Quarterly members-only briefings',
      'Annual conference access',
    ],
    buttonText: 'Become a Member',
    popular: true,
  },
  {
    id: 'advocate',
    title: 'Advocate',
    description: 'Fund the research and help lead the work.',
    monthlyFeeUsd: 15,
    priceText: '$15/month',
    features: [
      'Everything in Member',
      'Seat on a national policy working group',
      'Early access to draft policy papers',
      'Advocacy and spokesperson training',
      'Yearly call with the leadership team',
    ],
    buttonText: 'Become an Advocate',
    popular: false,
  },
];

export function findMembershipTier(id: string | null | undefined): MembershipTier | undefined {
  return membershipTiers.find((tier) => tier.id === id);
}

const SELECT_TIER = 'Please select a membership tier';
const SELECT_REGION = 'Please select your state/county/region';

/** A membership registration from the Join page (spec, section 5). */
export const membershipRegistrationSchema = z.object({
  firstName: textField(2, 'First name must be at least 2 characters', 100, 'First name must be at most 100 characters'),
  lastName: textField(2, 'Last name must be at least 2 characters', 100, 'Last name must be at most 100 characters'),
  email: emailField(),
  password: newPasswordField(),
  address: textField(5, 'Please enter your address', 200, 'Address must be at most 200 characters'),
  city: textField(2, 'Please enter your city', 100, 'City must be at most 100 characters'),
  state: z.string(SELECT_REGION).check(
    z.minLength(2, SELECT_REGION),
    z.refine((value) => regionValues.has(value), SELECT_REGION),
  ),
  zip: textField(2, 'Please enter a valid postal/ZIP code', 12, 'Please enter a valid postal/ZIP code'),
  membershipTier: z.enum(membershipTierIds, SELECT_TIER),
  agreeToTerms: mustBeTrue('You must agree to the terms and conditions'),
});

export type MembershipRegistration = z.infer<typeof membershipRegistrationSchema>;
