import {
  staffLinks,
  type ConsultationDraft,
  type ConsultationResponseInput,
  type ConsultationVersionInput,
  type ModerationReason,
} from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// The consultations section: a consultation started, its new versions, opened and closed, a comment
// hidden with a published reason, the response that answers it. Each call throws the gateway's refusal.

export const consultationUrl = (slug: string) => `${staffLinks.consultationsEndpoint}/${encodeURIComponent(slug)}`;

export const startConsultation = (draft: ConsultationDraft) =>
  apiRequest<void>('POST', staffLinks.consultationsEndpoint, draft);
export const publishVersion = (slug: string, version: ConsultationVersionInput) =>
  apiRequest<{ version: number }>('POST', `${consultationUrl(slug)}/versions`, version);
export const changePhase = (slug: string, phase: 'open' | 'closed') =>
  apiRequest<void>('POST', `${consultationUrl(slug)}/phase`, { phase });
export const hideComment = (slug: string, comment: string, reason: ModerationReason) =>
  apiRequest<void>('POST', `${consultationUrl(slug)}/comments/${encodeURIComponent(comment)}/hide`, { reason });
export const publishResponse = (slug: string, response: ConsultationResponseInput) =>
  apiRequest<void>('POST', `${consultationUrl(slug)}/response`, response);
