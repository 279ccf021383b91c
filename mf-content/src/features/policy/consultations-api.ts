import { consultationLinks, type ConsultationSummary } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

/** The party's consultations the public may read: each policy area links to its own. */
export const readConsultations = () => apiRequest<ConsultationSummary[]>('GET', consultationLinks.listEndpoint);
