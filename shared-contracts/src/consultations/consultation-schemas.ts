import * as z from 'zod/mini';
import { emailField, INVALID_EMAIL, namedTextField } from '../forms/form-fields.js';
import { pageSlug } from '../site-links.js';
import { policyAreaIds, type PolicyAreaId } from './policy-areas.js';

/**
 * A consultation's phases, in order: open for comments, closed (comments read, no more taken),
 * answered (its response published). A draft is staff's alone until it is opened.
 */
export const consultationPhases = ['draft', 'open', 'closed', 'answered'] as const;
export type ConsultationPhase = (typeof consultationPhases)[number];

/**
 * Why staff may hide a comment: the published list the moderation log cites. Nothing is hidden for
 * disagreeing with the party.
 */
export const moderationReasons = {
  'personal-attack': 'A personal attack or harassment',
  'personal-data': 'Someone’s personal data (an address, a phone number)',
  'hate-speech': 'Hatred against a group of people',
  spam: 'Advertising or spam',
  'off-topic': 'Not about this paragraph or the consultation',
  unlawful: 'Unlawful content, or a threat',
} as const;
export type ModerationReason = keyof typeof moderationReasons;

/**
 * How much one person may write (per consultation): against floods, far above a considered reply;
 * and how many days the link that publishes a non-member's comment works.
 */
export const COMMENT_LIMITS = { chars: 2_000, perHour: 10, perDay: 30, linkDays: 2 } as const;

/** A paragraph's key: it stays the paragraph's across versions of the draft. */
export const PARAGRAPH_KEY = /^p[a-z0-9]{6,12}$/;
/** Text that would be markup on another site: comments are plain text only. */
const MARKUP = /<\s*\/?\s*[a-z!?]/i;

/**
 * A comment as a person writes it: on a paragraph of the version they read, or a reply to a comment.
 * Someone not signed in as a member gives their email: the comment is published once they open the
 * link sent to it. A signed-in member leaves it empty.
 */
export const commentSchema = z.object({
  paragraph: z.string('Choose the paragraph you comment on').check(z.regex(PARAGRAPH_KEY, 'Choose the paragraph')),
  /** The comment replied to; empty or absent for a comment on the paragraph. */
  replyTo: z.optional(z.string().check(z.regex(/^\d{0,12}$/, 'Not a comment of this consultation'))),
  body: namedTextField(2, COMMENT_LIMITS.chars, 'Your comment').check(
    z.refine((body) => !MARKUP.test(body), 'Comments are plain text: leave out HTML tags'),
  ),
  email: z.optional(z.union([z.literal(''), emailField()])),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** Why a comment by someone not signed in as a member is refused without their email. */
export const EMAIL_FOR_COMMENT = 'Give your email address: we send you a link that publishes your comment';

/** A comment by someone not signed in as a member, as their browser checks it: their email is needed. */
export const commentByEmailSchema = z.extend(commentSchema, {
  email: z
    .string(EMAIL_FOR_COMMENT)
    .check(
      z.trim(),
      z.minLength(1, EMAIL_FOR_COMMENT),
      z.toLowerCase(),
      z.maxLength(254, INVALID_EMAIL),
      z.email(INVALID_EMAIL),
    ),
});

/** What a comment sent comes to: published (a signed-in member's), or held until its emailed link is opened. */
export type CommentAnswer = { status: 'published'; id: string } | { status: 'awaiting-email' };

/**
 * A version of the draft as staff write it: its paragraphs in order, each keeping its key where it
 * is an earlier paragraph revised (comments stay attached), none for a new one.
 */
export const consultationVersionSchema = z.object({
  paragraphs: z
    .array(
      z.object({
        key: z.optional(z.string().check(z.regex(PARAGRAPH_KEY))),
        text: namedTextField(2, 4_000, 'A paragraph'),
      }),
    )
    .check(z.minLength(1, 'At least one paragraph'), z.maxLength(200, 'At most 200 paragraphs')),
  /** What changed, for the readers of the new version. */
  note: z.string().check(z.trim(), z.maxLength(500, 'The note must be at most 500 characters')),
});
export type ConsultationVersionInput = z.infer<typeof consultationVersionSchema>;

/** A consultation as staff start it: its first version is the draft they consult on. */
export const consultationDraftSchema = z.object({
  slug: z
    .string('Use lower-case letters, digits and hyphens')
    .check(
      z.trim(),
      z.maxLength(80, 'At most 80 characters'),
      z.regex(pageSlug, 'Use lower-case letters, digits and hyphens'),
    ),
  title: namedTextField(5, 140, 'The title'),
  summary: namedTextField(20, 500, 'The summary'),
  policyArea: z.enum(policyAreaIds, 'Choose the policy area'),
  closesOn: z.string('Give the closing date').check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the closing date')),
  paragraphs: consultationVersionSchema.shape.paragraphs,
});
export type ConsultationDraft = z.infer<typeof consultationDraftSchema>;

/** A phase staff move a consultation to by hand: answered comes with its response alone. */
export const consultationPhaseChangeSchema = z.object({
  phase: z.enum(['open', 'closed'], 'Open or close it'),
});

/** A comment hidden by staff, with one reason from the published list (and a note, for staff only). */
export const moderationSchema = z.object({
  reason: z.enum(Object.keys(moderationReasons) as [ModerationReason], 'Choose a reason from the list'),
});

/**
 * The party's published response: what people said (themes; the counts per paragraph are the
 * site's), what it decided, and the evidence it rests on. A consultation is answered only with one.
 */
export const consultationResponseSchema = z.object({
  themes: z
    .array(namedTextField(5, 500, 'A theme'))
    .check(z.minLength(1, 'Name at least one theme of what people said'), z.maxLength(20, 'At most 20 themes')),
  decision: namedTextField(20, 5_000, 'The decision'),
  evidence: z
    .array(
      z.object({
        label: namedTextField(2, 200, 'The evidence’s title'),
        url: z.string().check(z.trim(), z.regex(/^https:\/\/\S{4,500}$/, 'Give an https:// link')),
      }),
    )
    .check(z.minLength(1, 'Link the evidence the decision rests on'), z.maxLength(30, 'At most 30 links')),
});
export type ConsultationResponseInput = z.infer<typeof consultationResponseSchema>;

/** A paragraph of a version, as readers see it: its number in that version and its key across versions. */
export interface ConsultationParagraph {
  key: string;
  number: number;
  text: string;
}

/** A run of words in a changed paragraph: kept, added or removed. */
export interface WordRun {
  text: string;
  change: 'kept' | 'added' | 'removed';
}

/** What became of a paragraph between two versions, matched by its key. */
export type ParagraphChange =
  | { kind: 'revised'; number: number; was: number; runs: WordRun[] }
  | { kind: 'added'; number: number; text: string }
  | { kind: 'removed'; was: number; text: string };

/** A comment as the public sees it: by a numbered participant, never a name or an address. */
export interface PublicComment {
  id: string;
  paragraph: string;
  /** The version it was written on. */
  version: number;
  replyTo: string | null;
  participant: number;
  at: string;
  /** Its text; null when hidden (with why) or erased at its author's request. */
  body: string | null;
  hidden: { reason: ModerationReason; at: string } | null;
  erased: boolean;
}

/** One line of the public moderation log: what was hidden, when and why, never its text. */
export interface ModerationLogEntry {
  comment: string;
  paragraph: string;
  participant: number;
  hiddenAt: string;
  reason: ModerationReason;
}

export interface ConsultationSummary {
  slug: string;
  title: string;
  summary: string;
  policyArea: PolicyAreaId;
  phase: Exclude<ConsultationPhase, 'draft'>;
  closesOn: string;
  comments: number;
}

/** A consultation's page: its latest version, what changed from the one before, comments, log and response. */
export interface ConsultationView extends ConsultationSummary {
  versions: Array<{ number: number; note: string; publishedAt: string }>;
  paragraphs: ConsultationParagraph[];
  /** What changed from the version before, word by word (null: the first version). */
  changes: ParagraphChange[] | null;
  comments: number;
  thread: PublicComment[];
  /** Visible comments per paragraph key (those on removed paragraphs under their own keys). */
  countsByParagraph: Record<string, number>;
  moderationLog: ModerationLogEntry[];
  response: (ConsultationResponseInput & { publishedAt: string }) | null;
}

/** A consultation as staff list it: a draft too, with the counts the public sees. */
export interface StaffConsultationSummary extends Omit<ConsultationSummary, 'phase'> {
  phase: ConsultationPhase;
}

/** A consultation as staff work on it: a draft too, every comment shown still readable to hide. */
export interface StaffConsultationView extends Omit<ConsultationView, 'phase'> {
  phase: ConsultationPhase;
}
