import { PARTY_NAME, staffLinks } from '@party/shared-contracts';
import { renderEmail, type RenderedEmail } from '../../platform/index.js';

/** An invitation or a new password link works for three days: long enough for someone away. */
export const STAFF_PASSWORD_LINK_VALID_MS = 3 * 24 * 60 * 60_000;

/** The link to set a staff password: an administrator's invitation to the console, or a reset they sent. */
export function staffPasswordEmail(
  origin: string,
  { kind, name, by, token }: { kind: 'invitation' | 'reset'; name: string; by: string; token: string },
): RenderedEmail {
  const invitation = kind === 'invitation';
  return renderEmail(
    {
      subject: invitation
        ? `You are invited to the ${PARTY_NAME} staff console`
        : 'Set a new password for the staff console',
      paragraphs: invitation
        ? [
            `Hello ${name},`,
            `${by} has invited you to the staff console of ${PARTY_NAME}. Choose your password here; you will then add a passkey or an authenticator app, which the console asks for at every sign-in.`,
          ]
        : [
            `Hello ${name},`,
            `${by} has sent you a link to set a new password for the staff console. Your passkey or authenticator app stays as it is, and is still asked for when you sign in.`,
          ],
      action: {
        label: invitation ? 'Accept the invitation' : 'Set a new password',
        url: `${origin}${staffLinks.passwordPage}?token=${encodeURIComponent(token)}`,
      },
      afterAction: [
        'The link works once, for three days. If you did not expect this email, ignore it, and tell us at the address below.',
      ],
      footnote: `You receive this email because an administrator of ${PARTY_NAME} entered this address in the staff console.`,
    },
    origin,
  );
}
