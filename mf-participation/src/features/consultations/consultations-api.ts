import {
  consultationCommentsEndpoint,
  consultationEndpoint,
  consultationLinks,
  consultationPage,
  type CommentAnswer,
  type CommentInput,
  type ConsultationSummary,
  type ConsultationView,
} from '@party/shared-contracts';
import { apiRequest, nullWhenNotFound } from '@party/shared-ui';

/** Every consultation the public may read, newest first. */
export const readConsultations = () => apiRequest<ConsultationSummary[]>('GET', consultationLinks.listEndpoint);

/** One consultation with its comments, log and response; null: there is no such consultation. */
export const readConsultation = (slug: string) =>
  nullWhenNotFound(apiRequest<ConsultationView>('GET', consultationEndpoint(slug)));

/** Sends a comment or reply: published, or held for its emailed link; throws the gateway's refusal. */
export const sendComment = (slug: string, comment: CommentInput) =>
  apiRequest<CommentAnswer>('POST', consultationCommentsEndpoint(consultationPage(slug)), comment);
