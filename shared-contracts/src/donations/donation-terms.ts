/**
 * What a donor may be asked to declare, as the donate page labels each field and the gateway checks
 * it; which of them a donation needs is the gateway's donation rules' choice.
 */
export const declarationFields = {
  fullName: { label: 'Full name', autoComplete: 'name', message: 'Please enter your full name', min: 2, max: 200 },
  email: {
    label: 'Email (for your receipt)',
    autoComplete: 'email',
    message: 'Please enter a valid email address',
    min: 3,
    max: 254,
  },
  streetAddress: {
    label: 'Street address',
    autoComplete: 'address-line1',
    message: 'Please enter your address',
    min: 5,
    max: 200,
  },
  city: { label: 'City or town', autoComplete: 'address-level2', message: 'Please enter your city', min: 2, max: 100 },
  region: {
    label: 'State, county or region',
    autoComplete: 'address-level1',
    message: 'Please enter your state, county or region',
    min: 2,
    max: 100,
  },
  postalCode: {
    label: 'Postal or ZIP code',
    autoComplete: 'postal-code',
    message: 'Please enter a valid postal/ZIP code',
    min: 2,
    max: 20,
  },
  country: { label: 'Country', autoComplete: 'country-name', message: 'Please enter your country', min: 2, max: 100 },
  occupation: {
    label: 'Occupation',
    autoComplete: 'organization-title',
    message: 'Please enter your occupation',
    min: 2,
    max: 100,
  },
  employer: {
    label: 'Employer',
    autoComplete: 'organization',
    message: 'Please enter your employer, or "Self-employed" or "None"',
    min: 2,
    max: 100,
  },
} as const;

export type DeclarationFieldId = keyof typeof declarationFields;
export const declarationFieldIds = Object.keys(declarationFields) as DeclarationFieldId[];

export interface DonationAffirmation {
  id: string;
  text: string;
}

/** When a donation may be capped: per calendar year, or since a date (an election cycle). */
export type DonationCapPeriod = { kind: 'calendar-year' } | { kind: 'since'; date: string; label: string };

/** What the donate page needs of the gateway's donation rules: nothing secret (no RPC URL). */
export type DonationTerms =
  | {
      accepting: true;
      /** Which rules these are, e.g. `us-federal`. */
      profile: string;
      /** ISO 4217 code of every amount below. */
      currency: string;
      /** A donation valued above this needs a declaration first; 0: every donation does. */
      declarationThreshold: number;
      cap: { amount: number; period: DonationCapPeriod } | null;
      /** Donations above this are published with the donor's name on the public ledger. */
      disclosureThreshold: number;
      declaration: { fields: DeclarationFieldId[]; affirmations: DonationAffirmation[] };
      networks: Array<{ chainId: number; receivingAddress: string }>;
    }
  | {
      accepting: false;
      /** Why the party takes no crypto donations, and the other ways to give. */
      message: string;
      otherWays: string;
    };

export type AcceptingDonationTerms = Extract<DonationTerms, { accepting: true }>;

/** Where a donation stands in the ledger. */
export const donationStatuses = ['pending', 'received', 'confirmed', 'dropped'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

export interface DonationReportReceipt {
  status: DonationStatus;
  txHash: string;
  /** What the donor should know of it, e.g. that part of it passes their cap and will be returned. */
  notice?: string;
}

/** What anyone may read of the ledger: totals, and the donations the law has published. */
export interface PublicDonationLedger {
  currency: string;
  disclosureThreshold: number;
  donors: number;
  months: Array<{ month: string; chainId: number; donations: number; amountEth: string; value: string }>;
  disclosed: Array<{
    name: string;
    chainId: number;
    txHash: string;
    amountEth: string;
    value: string;
    receivedAt: string;
  }>;
}

export const donationLinks = {
  terms: '/api/donations/terms',
  /** `POST` a pledge; then `POST …/:pledge/signature` its wallet's signature, or `POST …/:pledge/withdrawal` when nothing was sent. */
  pledges: '/api/donations/pledges',
  reports: '/api/donations',
  ledger: '/api/donations/ledger',
  ledgerPage: '/donate/ledger',
  /** The page a donor's receipt links to (`?token=`), to confirm that the email they gave is theirs. */
  confirmEmailPage: '/donate/confirm-email',
  /** `POST ?token=`: that page's one button. */
  emailConfirmation: '/api/donations/email-confirmation',
} as const;
