import { moderationReasons, type ConsultationSummary, type PublicComment } from '@party/shared-contracts';

// How the consultations' pages say dates and phases. Dates are written in UTC: the server's render
// and the browser's must agree, wherever either is.

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A day (`2027-01-31`) or an instant as a date: January 31, 2027. */
export const dateText = (value: string) =>
  longDate.format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value));

/** What a consultation's phase means to a reader. */
export const phaseLabels: Record<ConsultationSummary['phase'], string> = {
  open: 'Open for comments',
  closed: 'Closed: comments being read',
  answered: 'Answered',
};

/** The line under a consultation's title: until when, or since when. */
export const phaseLine = (consultation: Pick<ConsultationSummary, 'phase' | 'closesOn'>) =>
  consultation.phase === 'open'
    ? `Comments close on ${dateText(consultation.closesOn)}`
    : consultation.phase === 'closed'
      ? `Closed for comments on ${dateText(consultation.closesOn)}; the party’s response follows`
      : 'The party has published its response';

export const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a comment without its text says in its place. */
export const withoutText = (comment: PublicComment) =>
  comment.hidden
    ? `Hidden by moderators on ${dateText(comment.hidden.at)}: ${moderationReasons[comment.hidden.reason]}.`
    : 'Removed at its author’s request.';
