import { newsletterLinks } from '@party/shared-contracts';
import { renderEmail, type RenderedEmail } from '../../platform/index.js';

/** How long a confirmation link works. */
export const CONFIRMATION_VALID_MS = 3 * 24 * 60 * 60_000;

const linkTo = (origin: string, page: string, token: string) => `${origin}${page}?token=${encodeURIComponent(token)}`;

export function confirmationEmail(origin: string, token: string): RenderedEmail {
  return renderEmail(
    {
      subject: 'Confirm your subscription to our newsletter',
      paragraphs: [
        'Hello,',
        'Someone, we hope you, asked to receive our newsletter at this address. Please confirm it is yours:',
      ],
      action: { label: 'Confirm my subscription', url: linkTo(origin, newsletterLinks.confirmPage, token) },
      afterAction: [
        'The link works once, for 3 days. If you did not ask for this, ignore this email: you will not be subscribed, and we will delete your address.',
      ],
      footnote: 'You receive this email because this address was entered in the newsletter form on our website.',
    },
    origin,
  );
}

export type NewsletterEmail = RenderedEmail & { headers: Record<string, string> };

/** An email to a subscriber: like every newsletter email, it can be left in one click. */
function newsletterEmail(
  origin: string,
  unsubscribeToken: string,
  subject: string,
  paragraphs: readonly string[],
): NewsletterEmail {
  return {
    ...renderEmail(
      {
        subject,
        paragraphs,
        footnote: 'You receive this email because you subscribed to our newsletter.',
        unsubscribeUrl: linkTo(origin, newsletterLinks.unsubscribePage, unsubscribeToken),
      },
      origin,
    ),
    headers: unsubscribeHeaders(origin, unsubscribeToken),
  };
}

/** The newsletter's first message. */
export function welcomeEmail(origin: string, unsubscribeToken: string): NewsletterEmail {
  return newsletterEmail(origin, unsubscribeToken, 'You are subscribed to our newsletter', [
    'Hello,',
    'Thank you for confirming. You will receive our newsletter once a month: new policy papers, the research behind them, and where to meet us.',
    'You can unsubscribe at any time from the link at the foot of every newsletter; we then delete your address.',
  ]);
}

/** An issue of the newsletter, its body's paragraphs separated by empty lines. */
export function issueEmail(
  origin: string,
  unsubscribeToken: string,
  issue: { subject: string; body: string },
): NewsletterEmail {
  return newsletterEmail(
    origin,
    unsubscribeToken,
    issue.subject,
    issue.body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
  );
}

/** RFC 8058 one-click unsubscribe: a mail program POSTs to this address, without a browser. */
export function unsubscribeHeaders(origin: string, unsubscribeToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${linkTo(origin, newsletterLinks.unsubscribeEndpoint, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
