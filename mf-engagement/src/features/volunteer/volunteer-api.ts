import { formPaths, type VolunteerSignup } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** Sends a volunteer's offer; throws the gateway's refusal. */
export const sendVolunteerSignup = (signup: VolunteerSignup) => apiRequest<void>('POST', formPaths.volunteer, signup);
