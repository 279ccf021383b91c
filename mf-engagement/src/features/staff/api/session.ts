import { staffLinks, type MemberSignIn, type NewPassword, type StaffSessionView } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// Signing in and out of the console, and what each section reads. Each call throws the gateway's refusal.

/** What a section shows, read from its endpoint (staffLinks). */
export const section = <T>(url: string) => apiRequest<T>('GET', url);
export const signIn = (credentials: MemberSignIn) => apiRequest<void>('POST', staffLinks.sessionEndpoint, credentials);
export const session = () => apiRequest<StaffSessionView>('GET', staffLinks.meEndpoint);
export const signOut = () => apiRequest<void>('DELETE', staffLinks.sessionEndpoint);
/** A password set from the emailed invitation's or reset's token. */
export const setPassword = (token: string, password: NewPassword) =>
  apiRequest<void>('POST', `${staffLinks.passwordEndpoint}?token=${encodeURIComponent(token)}`, password);
