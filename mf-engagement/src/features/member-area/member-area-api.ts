import {
  memberLinks,
  type MemberAccount,
  type MemberSignIn,
  type MemberSignInAnswer,
  type MembershipConfirmation,
  type NewPassword,
  type PasswordResetRequest,
  type SecondFactorRow,
} from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

const withToken = (endpoint: string, token: string) => `${endpoint}?token=${encodeURIComponent(token)}`;

/** The member area's calls to the gateway; each throws the gateway's refusal. */
export const memberAreaApi = {
  signIn: (signIn: MemberSignIn) => apiRequest<MemberSignInAnswer>('POST', memberLinks.sessionEndpoint, signIn),
  signOut: () => apiRequest<void>('DELETE', memberLinks.sessionEndpoint),
  /** A membership confirmed by its emailed link's token, and the member signed in. */
  confirmMembership: (token: string, confirmation: MembershipConfirmation) =>
    apiRequest<void>('POST', withToken(memberLinks.confirmEndpoint, token), confirmation),
  requestPasswordReset: (request: PasswordResetRequest) =>
    apiRequest<void>('POST', memberLinks.passwordResetEndpoint, request),
  /** A new password set by the emailed link's token. */
  resetPassword: (token: string, password: NewPassword) =>
    apiRequest<MemberSignInAnswer>('POST', withToken(memberLinks.passwordEndpoint, token), password),
  account: () => apiRequest<MemberAccount>('GET', memberLinks.accountEndpoint),
  /** Each answers with the account as it now is. */
  changeTier: (membershipTier: string) =>
    apiRequest<MemberAccount>('POST', memberLinks.tierEndpoint, { membershipTier }),
  cancelMembership: () => apiRequest<MemberAccount>('POST', memberLinks.cancelEndpoint),
  deleteAccount: () => apiRequest<void>('DELETE', memberLinks.accountEndpoint),
  factors: () => apiRequest<SecondFactorRow[]>('GET', memberLinks.factorsEndpoint),
  removeFactor: (id: string) => apiRequest<void>('DELETE', `${memberLinks.factorsEndpoint}/${id}`),
};
