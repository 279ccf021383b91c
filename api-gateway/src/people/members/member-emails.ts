import { memberLinks } from '@party/shared-contracts';
import { renderEmail, type RenderedEmail } from '../../platform/index.js';

/** How long a membership confirmation link works. */
export const MEMBERSHIP_CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60_000;

export function membershipConfirmationEmail(origin: string, firstName: string, token: string): RenderedEmail {
  return renderEmail(
    {
      subject: 'Confirm your membership',
      paragraphs: [
        `Hello ${firstName},`,
        'Thank you for joining. To confirm that this address is yours, open the link below and enter the password you chose when you registered.',
      ],
      action: {
        label: 'Confirm my membership',
        url: `${origin}${memberLinks.confirmPage}?token=${encodeURIComponent(token)}`,
      },
      afterAction: [
        'The link works once, for 7 days. If you did not register, ignore this email: nobody becomes a member with your address unless they can read it, and we delete unconfirmed registrations.',
      ],
      footnote: 'You receive this email because this address was entered in the membership form on our website.',
    },
    origin,
  );
}

/** To a member whose address someone entered in the membership form again. */
export function alreadyMemberEmail(origin: string): RenderedEmail {
  return renderEmail(
    {
      subject: 'You are already a member',
      paragraphs: [
        'Hello,',
        'Someone, perhaps you, tried to register a membership with this address, which already has one. Nothing has changed.',
        'To see or change your membership, sign in with the password you chose when you joined.',
      ],
      action: { label: 'Sign in', url: `${origin}${memberLinks.signInPage}` },
      afterAction: ['If this was not you, you need do nothing.'],
      footnote: 'You receive this email because you are a member.',
    },
    origin,
  );
}

/** How long a password reset link works. */
export const PASSWORD_RESET_VALID_MS = 60 * 60_000;

export function passwordResetEmail(origin: string, token: string): RenderedEmail {
  return renderEmail(
    {
      subject: 'Reset your password',
      paragraphs: [
        'Hello,',
        'Someone, we hope you, asked to reset the password of the membership held with this address. Choose a new one here:',
      ],
      action: {
        label: 'Choose a new password',
        url: `${origin}${memberLinks.resetPasswordPage}?token=${encodeURIComponent(token)}`,
      },
      afterAction: [
        'The link works once, for one hour, and signs out every other session. If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      footnote: 'You receive this email because a password reset was asked for on our website for this address.',
    },
    origin,
  );
}
