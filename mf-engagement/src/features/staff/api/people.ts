import { staffLinks, type StaffPersonErasure } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// Data requests answered on someone's behalf. Each call throws the gateway's refusal.

/** Everything held under an address, as its copy would hold it. */
export const personalData = (email: string) =>
  apiRequest<Record<string, unknown>>('GET', `${staffLinks.peopleEndpoint}?email=${encodeURIComponent(email)}`);
export const erasePersonalData = (erasure: StaffPersonErasure) =>
  apiRequest<void>('POST', `${staffLinks.peopleEndpoint}/erase`, erasure);
