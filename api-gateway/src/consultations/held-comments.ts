import { COMMENT_LIMITS, commentPublicationPage, type CommentInput } from '@party/shared-contracts';
import { renderEmail, type Platform } from '../platform/index.js';
import type { ConsultationRecords, HeldComment } from './consultation-records.js';

/** How long the emailed link of a held comment works; the comment is deleted with it if never opened. */
const HELD_COMMENT_VALID_MS = COMMENT_LIMITS.linkDays * 24 * 60 * 60_000;

/** The email that publishes a held comment: what it says, where, and the button that publishes it. */
function publicationEmail(origin: string, held: HeldComment, token: string) {
  return renderEmail(
    {
      subject: `Publish your comment on “${held.title}”`,
      paragraphs: [
        'Hello,',
        `Someone, we hope you, wrote this comment on paragraph ${held.paragraph} of our consultation “${held.title}” and gave this address:`,
        held.body,
        'It is published under a participant number, never your name or address, when you open this link and press Publish:',
      ],
      action: {
        label: 'Publish my comment',
        url: `${origin}${commentPublicationPage(held.slug)}?token=${encodeURIComponent(token)}`,
      },
      afterAction: [
        `The link works once, for ${COMMENT_LIMITS.linkDays} days. If you did not write this, ignore this email: nothing is published, and we delete the comment and your address.`,
      ],
      footnote: 'You receive this email because this address was given with a comment on our website.',
    },
    origin,
  );
}

/**
 * Comments by people who are not signed-in members: held until they open the link emailed to the
 * address they gave (so that every comment is a member's or a confirmed address's), then published.
 */
export function heldComments(
  records: Pick<ConsultationRecords, 'hold' | 'publishHeld'>,
  { siteOrigin, emailLinks, emailQueued }: Pick<Platform, 'siteOrigin' | 'emailLinks' | 'emailQueued'>,
) {
  return {
    async hold(slug: string, input: CommentInput, email: string): Promise<void> {
      const expiresAt = new Date(Date.now() + HELD_COMMENT_VALID_MS);
      await records.hold(slug, input, email, expiresAt, (held) => ({
        kind: 'consultation-comment',
        ...publicationEmail(siteOrigin.href, held, emailLinks.sign('consultation-comment', held.id, expiresAt)),
      }));
      emailQueued();
    },
    /** Publishes the comment the link's `token` names; null when the link is not one, is spent or has expired. */
    publish(token: string) {
      const id = emailLinks.verify('consultation-comment', token);
      return id && /^\d{1,18}$/.test(id) ? records.publishHeld(id) : Promise.resolve(null);
    },
  };
}

export type HeldComments = ReturnType<typeof heldComments>;
