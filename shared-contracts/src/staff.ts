import type { HistoryEntry, FrontEndName } from './remote-contract.js';

// What the staff console and the gateway agree on: the roles, what each may see, the console's
// addresses and the shapes of its answers. No schemas here (they are in forms/staff-console.ts).

export const staffRoles = ['administrator', 'membership', 'communications', 'treasurer'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Duties an administrator may give an account beyond its role: `privacy`, answering people's data
 * requests (administrators have it always).
 */
export const staffDuties = ['privacy'] as const;
export type StaffDuty = (typeof staffDuties)[number];

/** The console's sections, and the roles (or the duty) that may open each; the gateway refuses the others (403). */
export const staffSections = {
  inbox: { label: 'Inbox', roles: ['administrator', 'communications'] },
  members: { label: 'Members', roles: ['administrator', 'membership'] },
  subscribers: { label: 'Subscribers', roles: ['administrator', 'communications'] },
  newsletter: { label: 'Newsletter', roles: ['administrator', 'communications'] },
  volunteers: { label: 'Volunteers', roles: ['administrator', 'membership'] },
  events: { label: 'Events', roles: ['administrator', 'communications', 'membership'] },
  consultations: { label: 'Consultations', roles: ['administrator', 'communications'] },
  donations: { label: 'Donations', roles: ['administrator', 'treasurer'] },
  releases: { label: 'Releases', roles: ['administrator'] },
  accessLog: { label: 'Access log', roles: ['administrator'] },
  accounts: { label: 'Staff accounts', roles: ['administrator'] },
  privacy: { label: 'Data requests', roles: ['administrator'], duty: 'privacy' },
  security: { label: 'Your sign-in', roles: ['administrator', 'membership', 'communications', 'treasurer'] },
} as const satisfies Record<string, { label: string; roles: readonly StaffRole[]; duty?: StaffDuty }>;

export type StaffSection = keyof typeof staffSections;

export const mayOpen = ({ role, duties }: Pick<StaffMember, 'role' | 'duties'>, section: StaffSection): boolean => {
  const { roles, duty } = staffSections[section] as { roles: readonly StaffRole[]; duty?: StaffDuty };
  return roles.includes(role) || (duty !== undefined && duties.includes(duty));
};

/** The most rows a console list holds; a search narrows it, a CSV download has every match. */
export const STAFF_LIST_LIMIT = 200;

/** The console's endpoints (its page, /staff, is in mf-engagement's route table). */
export const staffLinks = {
  sessionEndpoint: '/api/staff/session',
  meEndpoint: '/api/staff/me',
  messagesEndpoint: '/api/staff/messages',
  membersEndpoint: '/api/staff/members',
  subscribersEndpoint: '/api/staff/subscribers',
  newslettersEndpoint: '/api/staff/newsletters',
  volunteersEndpoint: '/api/staff/volunteers',
  accessLogEndpoint: '/api/staff/access-log',
  donationsEndpoint: '/api/staff/donations',
  /** Events: listed, created, changed (`PUT /:id`), cancelled (`/:id/cancel`); each one's door list (`/:id/door-list`). */
  eventsEndpoint: '/api/staff/events',
  /**
   * Consultations: listed, started; each one (`/:slug`), its new version (`/:slug/versions`), its
   * phase (`/:slug/phase`), a comment hidden (`/:slug/comments/:id/hide`), its response (`/:slug/response`).
   */
  consultationsEndpoint: '/api/staff/consultations',
  /** The second factor, given after the password (or again before a sensitive step): a code or a passkey. */
  factorEndpoint: '/api/staff/session/factor',
  /** A passkey challenge for that step. */
  passkeyChallengeEndpoint: '/api/staff/session/passkey-challenge',
  /** One's own factors: listed, added (`/app`, `/passkey`), removed (`/:id`); recovery codes made anew. */
  factorsEndpoint: '/api/staff/factors',
  recoveryCodesEndpoint: '/api/staff/recovery-codes',
  /** Administrators' view of the staff: invite, change a role, disable, send a password link. */
  accountsEndpoint: '/api/staff/accounts',
  /** Setting one's password from an invitation or reset link (the console's page is `passwordPage`). */
  passwordEndpoint: '/api/staff/password',
  /** One's own open sessions (`GET`), and ending one (`DELETE /:id`) or all the others (`DELETE /others`). */
  sessionsEndpoint: '/api/staff/sessions',
  /** Changing one's password while signed in: the current one, then the new; one's other sessions end. */
  passwordChangeEndpoint: '/api/staff/password/change',
  /** Everything held under an address (`?email=`), its download (`.json`), its erasure (`/erase`): for data requests answered by staff. */
  peopleEndpoint: '/api/staff/people',
  /** What each remote and the shell run (`GET`), and a preview link for a published release (`POST /:remote/previews`). */
  releasesEndpoint: '/api/staff/releases',
  /** The preview links that still work (`GET`), and ending one (`DELETE /:id`): administrators'. */
  previewLinksEndpoint: '/api/staff/preview-links',
  passwordPage: '/staff/password',
} as const;

/**
 * How recently the second factor must have been given (seconds): to add or remove one, or make new
 * recovery codes (ASVS 7.5.1), and to download people's data as a CSV.
 */
export const STAFF_REAUTH_SECONDS = { factors: 5 * 60, downloads: 15 * 60 } as const;

/** How long a code from an authenticator app lives; each is accepted once. */
export const TOTP_PERIOD_SECONDS = 30;

/**
 * Where a session stands: `factor` has given the password and must give the second factor;
 * `enrol` has given it for an account without a second factor, and may only add one.
 */
export type StaffSessionStep = 'factor' | 'enrol' | 'signed-in';

/** What the console is told about its session: who, how far signed in, and which factors they have. */
export interface StaffSessionView {
  staff: StaffMember | null;
  step: StaffSessionStep | null;
  factors: { passkey: boolean; app: boolean; recoveryCodes: number };
  /** Seconds since the second factor was last given (null before it is). */
  factorAgeSeconds: number | null;
}

/** One of a staff member's open sessions, as "Your sign-in" lists them (the id is not its token). */
export interface StaffSessionRow {
  id: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** One of a staff member's or a member's second factors, as their sign-in settings list it. */
export interface SecondFactorRow {
  id: string;
  kind: 'passkey' | 'totp';
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A new factor's answer: the recovery codes when it was the account's first (shown once). */
export interface SecondFactorAdded {
  recoveryCodes: string[] | null;
}

/** An account as administrators see it in "Staff accounts". */
export interface StaffAccountRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  duties: StaffDuty[];
  /** `invited` until its password is set; `disabled` once an administrator ends it. */
  status: 'invited' | 'active' | 'disabled';
  factors: number;
  /** Its second factors locked after too many wrong ones in a row, until an administrator unlocks them. */
  factorLocked: boolean;
  invitedBy: string | null;
  createdAt: string;
}

/** One remote (or the shell) as the console's release view shows it. */
export interface StaffReleaseLine {
  remote: FrontEndName;
  /** The path prefixes its pages live under (a remote's, as the registry holds it; none for the shell). */
  prefixes: string[];
  /**
   * `configured` (and no `since`) while it runs the build the gateway was configured with; null when
   * nothing of it is served (a remote added to the registry, no release active yet or any more).
   */
  active: { version: string; since: string | null } | null;
  canary: { version: string; percent: number; since: string } | null;
  /** Page loads in the last hour, and the load failures visitors' browsers reported, by release. */
  lastHour: Array<{ version: string; loads: number; failures: number }>;
  /** Published releases serving nobody, newest first, that staff may preview (remotes only). */
  previewable: string[];
  /** Its latest publications, switches and canaries, newest first. */
  history: HistoryEntry[];
}

/** A preview link that still works: who made it, when, and until when (revoked ones are not listed). */
export interface StaffPreviewLink {
  id: string;
  remote: FrontEndName;
  version: string;
  madeBy: string;
  madeAt: string;
  expiresAt: string;
}

export interface StaffMember {
  name: string;
  email: string;
  role: StaffRole;
  duties: StaffDuty[];
}

export interface StaffInboxMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
}

export interface StaffMemberRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  city: string;
  region: string;
  membershipTier: string;
  status: string;
  memberSince: string;
}

export interface StaffSubscriberRow {
  email: string;
  status: string;
  since: string;
}

/** A newsletter issue sent from the console, with where its emails stand. */
export interface StaffNewsletterIssue {
  id: string;
  subject: string;
  sentBy: string;
  sentAt: string;
  recipients: number;
  delivered: number;
  failed: number;
}

export interface StaffNewsletterOverview {
  confirmedSubscribers: number;
  issues: StaffNewsletterIssue[];
}

export interface StaffVolunteerRow {
  name: string;
  email: string;
  interests: string[];
  availability: string;
  signedUpAt: string;
}

/** What the access log records: looks at people's records, sign-ins, and changes to accounts and factors. */
export const staffAccessActions = [
  'viewed',
  'exported',
  'signed-in',
  'factor-refused',
  'factor-added',
  'factor-removed',
  'recovery-code-used',
  'recovery-codes-made',
  'invited',
  'password-set',
  'role-changed',
  'disabled',
  'enabled',
  'looked-up',
  'copied',
  'erased',
  'duties-changed',
  'factor-locked',
  'factor-unlocked',
] as const;
export type StaffAccessAction = (typeof staffAccessActions)[number];

export interface StaffAccessLogRow {
  id: string;
  at: string;
  staffEmail: string;
  action: StaffAccessAction;
  /** Whose record was seen: a member's, a donation's (with its declaration), or a place at an event. */
  memberId: string | null;
  donationId: string | null;
  registrationId: string | null;
  /** For a place, its event; for the other actions: which factor, which account, which role. */
  detail: string | null;
}

/**
 * Why a donation needs the treasurer: no pledge explains it, it lacks the declaration its value
 * needs, it passed the donor's cap, it arrived after the rules stopped accepting crypto, the RPC
 * endpoints disagree about it, it left the chain.
 */
export const donationAttentions = [
  'undeclared',
  'no-declaration',
  'over-cap',
  'closed',
  'disputed',
  'dropped',
] as const;
export type DonationAttention = (typeof donationAttentions)[number];

/** A donation as the treasurer sees it: the transaction, its value, the declaration, what needs doing and by when. */
export interface StaffDonationRow {
  id: string;
  chainId: number;
  txHash: string;
  status: 'pending' | 'received' | 'confirmed' | 'dropped';
  amountEth: string;
  /** In `currency` when received; null until then. */
  value: string | null;
  /** Valued from a price round older than its feed's heartbeat allows: to check against another source. */
  priceStale: boolean;
  currency: string;
  rate: string | null;
  reportedAt: string;
  receivedAt: string | null;
  sender: string;
  /** The declaration as given, field by field; null for a transfer no pledge explains. */
  donor: Partial<Record<string, string>> | null;
  /** The donor's total within the cap's period, this donation included, less what was returned. */
  periodTotal: string;
  attention: DonationAttention[];
  /** The day the law's deadline for what needs action falls (the rules' days from receipt); null when none. */
  deadline: string | null;
  /** What must go back at least, in ETH: the whole for a donation to return, the excess for one over the cap. */
  toReturnEth: string | null;
  /** What the recorded refunds returned so far, in ETH. */
  refundedEth: string;
  /** How the treasurer resolved it, by whom and when; the refund's transaction for a return. */
  resolution: {
    kind: 'declared' | 'returned' | 'excess-returned';
    by: string;
    at: string;
    refundHash: string | null;
  } | null;
}
