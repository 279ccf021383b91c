// What the forms offer and where they send, without their rules: what a page needs to show a form.
// No zod here, so that a page loads the validation library only when a form is used (the schemas
// are in the modules beside this one).

/** The gateway's form endpoints. */
export const formPaths = {
  contact: '/api/contact',
  newsletter: '/api/newsletter',
  membership: '/api/membership',
  volunteer: '/api/volunteer',
  eventRegistration: '/api/event-registrations',
} as const;

/** An empty newsletter address has its own message (docs/product.md, section 8). */
/**
 * The forms that also work without the page's code: the browser posts them (urlencoded) to the page
 * they are on, naming the form in the field `PAGE_FORM_FIELD`, and the gateway answers with that page
 * again (its fields' messages in place) or a 303 to `?sent=<form>` (docs/decisions/0036).
 */
export const pageFormNames = [
  'contact',
  'newsletter',
  'membership',
  'volunteer',
  'eventRegistration',
  'dataRequest',
  'memberSignIn',
  'passwordResetRequest',
  'newPassword',
  'membershipConfirmation',
  'newsletterConfirmation',
  'newsletterUnsubscription',
  'dataErasure',
  'memberSignOut',
  'donationEmailConfirmation',
  'eventPlaceCancellation',
  'eventPlaceAcceptance',
  'consultationComment',
  'commentPublication',
] as const;
export type PageFormName = (typeof pageFormNames)[number];
export const PAGE_FORM_FIELD = '_form';
/** The query parameter of the page a form was sent from, once it has been: `?sent=contact`. */
export const PAGE_FORM_SENT = 'sent';
/** The id of a page form's element: the fragment the browser returns to after posting it. */
export const pageFormAnchor = (form: PageFormName) => `form-${form}`;

export const EMPTY_NEWSLETTER_EMAIL = 'Please enter your email address';

export const contactSubjects = [
  { value: 'general', label: 'General enquiry' },
  { value: 'policy', label: 'Policy question or idea' },
  { value: 'volunteer', label: 'Volunteering' },
  { value: 'media', label: 'Media and press' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactSubject = (typeof contactSubjects)[number]['value'];

export const volunteerInterests = [
  { value: 'canvassing', label: 'Canvassing and phone banking' },
  { value: 'events', label: 'Organising events' },
  { value: 'research', label: 'Policy research and data' },
  { value: 'digital', label: 'Software, design and digital' },
  { value: 'communications', label: 'Writing and social media' },
  { value: 'fundraising', label: 'Fundraising' },
] as const;

export const volunteerAvailabilities = [
  { value: 'weekday-evenings', label: 'Weekday evenings' },
  { value: 'weekends', label: 'Weekends' },
  { value: 'flexible', label: 'Flexible, a few hours a month' },
  { value: 'election-period', label: 'Around elections only' },
] as const;

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

/** The three ways to join (docs/product.md, sections 2 and 9). */
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
