import { formPaths, type MembershipRegistration } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Registers a membership (confirmed by the emailed link); throws the gateway's refusal. */
export const registerMembership = (registration: MembershipRegistration) =>
  apiRequest<void>('POST', formPaths.membership, registration);
