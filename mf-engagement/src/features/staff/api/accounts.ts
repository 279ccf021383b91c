import { staffLinks, type StaffInvite } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// Staff accounts, for administrators. Each call throws the gateway's refusal.

/** What an administrator may change of a staff account, each at `accounts/:id/<change>`. */
export type StaffAccountChange = 'role' | 'duties' | 'disable' | 'enable' | 'password-link' | 'factor-unlock';

export const invite = (invitee: StaffInvite) => apiRequest<void>('POST', staffLinks.accountsEndpoint, invitee);
export const changeAccount = (accountId: string, change: StaffAccountChange, body?: object) =>
  apiRequest<void>('POST', `${staffLinks.accountsEndpoint}/${accountId}/${change}`, body);
