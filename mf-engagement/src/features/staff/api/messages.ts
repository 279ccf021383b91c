import { staffLinks, type NewsletterIssue, type StaffReply } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// The inbox's replies and the newsletter's issues. Each call throws the gateway's refusal.

export const reply = (messageId: string, reply: StaffReply) =>
  apiRequest<void>('POST', `${staffLinks.messagesEndpoint}/${messageId}/reply`, reply);
export const markAnswered = (messageId: string) =>
  apiRequest<void>('POST', `${staffLinks.messagesEndpoint}/${messageId}/answered`);
export const sendNewsletter = (issue: NewsletterIssue) =>
  apiRequest<void>('POST', staffLinks.newslettersEndpoint, issue);
