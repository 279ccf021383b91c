import {
  staffLinks,
  type DonationResolution,
  type MemberSignIn,
  type NewPassword,
  type NewsletterIssue,
  type SecondFactorAdded,
  type StaffInvite,
  type StaffPersonErasure,
  type StaffReply,
  type StaffSessionView,
} from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** What an administrator may change of a staff account, each at `accounts/:id/<change>`. */
export type StaffAccountChange = 'role' | 'duties' | 'disable' | 'enable' | 'password-link' | 'factor-unlock';

/** The staff console's calls to the gateway; each throws the gateway's refusal. */
export const staffApi = {
  /** What a section shows, read from its endpoint (staffLinks). */
  section: <T>(url: string) => apiRequest<T>('GET', url),
  signIn: (credentials: MemberSignIn) => apiRequest<void>('POST', staffLinks.sessionEndpoint, credentials),
  session: () => apiRequest<StaffSessionView>('GET', staffLinks.meEndpoint),
  signOut: () => apiRequest<void>('DELETE', staffLinks.sessionEndpoint),
  /** Ends one's other sessions, or one of them. */
  endSessions: (which: string) => apiRequest<void>('DELETE', `${staffLinks.sessionsEndpoint}/${which}`),
  /** A password set from the emailed invitation's or reset's token. */
  setPassword: (token: string, password: NewPassword) =>
    apiRequest<void>('POST', `${staffLinks.passwordEndpoint}?token=${encodeURIComponent(token)}`, password),
  removeFactor: (id: string) => apiRequest<void>('DELETE', `${staffLinks.factorsEndpoint}/${id}`),
  newRecoveryCodes: () => apiRequest<SecondFactorAdded>('POST', staffLinks.recoveryCodesEndpoint),
  reply: (messageId: string, reply: StaffReply) =>
    apiRequest<void>('POST', `${staffLinks.messagesEndpoint}/${messageId}/reply`, reply),
  markAnswered: (messageId: string) => apiRequest<void>('POST', `${staffLinks.messagesEndpoint}/${messageId}/answered`),
  sendNewsletter: (issue: NewsletterIssue) => apiRequest<void>('POST', staffLinks.newslettersEndpoint, issue),
  invite: (invitee: StaffInvite) => apiRequest<void>('POST', staffLinks.accountsEndpoint, invitee),
  changeAccount: (accountId: string, change: StaffAccountChange, body?: object) =>
    apiRequest<void>('POST', `${staffLinks.accountsEndpoint}/${accountId}/${change}`, body),
  /** Everything held under an address, as its copy would hold it. */
  personalData: (email: string) =>
    apiRequest<Record<string, unknown>>('GET', `${staffLinks.peopleEndpoint}?email=${encodeURIComponent(email)}`),
  erasePersonalData: (erasure: StaffPersonErasure) =>
    apiRequest<void>('POST', `${staffLinks.peopleEndpoint}/erase`, erasure),
  resolveDonation: (donationId: string, resolution: DonationResolution) =>
    apiRequest<{ message: string }>('POST', `${staffLinks.donationsEndpoint}/${donationId}/resolve`, resolution),
  preview: (remote: string, version: string) =>
    apiRequest<{ url: string; expiresAt: string }>('POST', `${staffLinks.releasesEndpoint}/${remote}/previews`, {
      version,
    }),
  endPreview: (linkId: string) => apiRequest<void>('DELETE', `${staffLinks.previewLinksEndpoint}/${linkId}`),
};
