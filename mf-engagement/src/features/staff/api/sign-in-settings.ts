import { staffLinks, type SecondFactorAdded } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// One's own sessions, factors and recovery codes. Each call throws the gateway's refusal.

/** Ends one's other sessions, or one of them. */
export const endSessions = (which: string) => apiRequest<void>('DELETE', `${staffLinks.sessionsEndpoint}/${which}`);
export const removeFactor = (id: string) => apiRequest<void>('DELETE', `${staffLinks.factorsEndpoint}/${id}`);
export const newRecoveryCodes = () => apiRequest<SecondFactorAdded>('POST', staffLinks.recoveryCodesEndpoint);
