import { staffLinks, type ModerationReason } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// The consultations section: opening and closing a consultation, hiding a comment with a published
// reason. Each call throws the gateway's refusal.

export const consultationUrl = (slug: string) => `${staffLinks.consultationsEndpoint}/${encodeURIComponent(slug)}`;

export const changePhase = (slug: string, phase: 'open' | 'closed') =>
  apiRequest<void>('POST', `${consultationUrl(slug)}/phase`, { phase });
export const hideComment = (slug: string, comment: string, reason: ModerationReason) =>
  apiRequest<void>('POST', `${consultationUrl(slug)}/comments/${encodeURIComponent(comment)}/hide`, { reason });
