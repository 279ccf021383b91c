// What the staff console and the gateway agree on: the roles, what each may see, the console's
// addresses and the shapes of its answers. No schemas here (they are in forms/staff-console.ts).

export const staffRoles = ['administrator', 'membership', 'communications'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The console's sections, and the roles that may open each; the gateway refuses the others (403). */
export const staffSections = {
  inbox: { label: 'Inbox', roles: ['administrator', 'communications'] },
  members: { label: 'Members', roles: ['administrator', 'membership'] },
  subscribers: { label: 'Subscribers', roles: ['administrator', 'communications'] },
  newsletter: { label: 'Newsletter', roles: ['administrator', 'communications'] },
  volunteers: { label: 'Volunteers', roles: ['administrator', 'membership'] },
  accessLog: { label: 'Access log', roles: ['administrator'] },
} as const satisfies Record<string, { label: string; roles: readonly StaffRole[] }>;

export type StaffSection = keyof typeof staffSections;

export const mayOpen = (role: StaffRole, section: StaffSection): boolean => (staffSections[section].roles as readonly StaffRole[]).includes(role);

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
} as const;

export interface StaffMember {
  name: string;
  email: string;
  role: StaffRole;
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

export interface StaffAccessLogRow {
  at: string;
  staffEmail: string;
  action: 'viewed' | 'exported';
  memberId: string;
}
