// The site's own addresses that several packages name: no schemas here, so that the shell, which
// needs the paths only, does not bundle zod with them.

/**
 * The links of newsletter emails: the pages they open, and the endpoints those pages post to
 * (`?token=` from the link). The unsubscribe endpoint is also the RFC 8058 one-click address.
 */
export const newsletterLinks = {
  confirmPage: '/newsletter/confirm',
  unsubscribePage: '/newsletter/unsubscribe',
  confirmEndpoint: '/api/newsletter/confirm',
  unsubscribeEndpoint: '/api/newsletter/unsubscribe',
} as const;

const SLUG_WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*';
/**
 * The last segment of the address of a page that shows one record (/events/<id>,
 * /consultations/<slug>): lower-case words of letters and digits joined by single hyphens, safe in
 * a path, a file name and a log. `pageSlugPattern` is it unanchored, to build a path's pattern with.
 */
export const pageSlug = new RegExp(`^${SLUG_WORDS}$`);
export const pageSlugPattern = SLUG_WORDS;

/** The member area: its pages, and the gateway endpoints they call. */
export const memberLinks = {
  confirmPage: '/membership/confirm',
  signInPage: '/members/sign-in',
  forgotPasswordPage: '/members/forgot-password',
  resetPasswordPage: '/members/reset-password',
  accountPage: '/members/account',
  confirmEndpoint: '/api/membership/confirm',
  sessionEndpoint: '/api/member/session',
  accountEndpoint: '/api/member',
  tierEndpoint: '/api/member/tier',
  cancelEndpoint: '/api/member/cancel',
  exportEndpoint: '/api/member/export',
  passwordResetEndpoint: '/api/member/password-reset',
  passwordEndpoint: '/api/member/password',
  /** Changing the password while signed in: the current one, then the new; every other session ends. */
  passwordChangeEndpoint: '/api/member/password/change',
  /** A member's own second factors (optional): given after the password once added, as staff do. */
  factorEndpoint: '/api/member/session/factor',
  passkeyChallengeEndpoint: '/api/member/session/passkey-challenge',
  factorsEndpoint: '/api/member/factors',
  recoveryCodesEndpoint: '/api/member/recovery-codes',
} as const;

/**
 * Everyone's data rights: the page where anyone asks for a copy of their data or its erasure, the
 * pages the emailed link opens (one per request), and the endpoints they post to (`?token=`).
 */
export const dataRightsLinks = {
  requestPage: '/your-data',
  copyPage: '/your-data/copy',
  erasurePage: '/your-data/erasure',
  requestEndpoint: '/api/your-data',
  copyEndpoint: '/api/your-data/copy',
  erasureEndpoint: '/api/your-data/erasure',
} as const;

/**
 * Set beside the (HttpOnly) session cookie while a member is signed in, holding nothing secret: it
 * lets the shell's header say so without asking the gateway.
 */
export const MEMBER_SIGNED_IN_COOKIE = 'party_member';

/** Whether the cookies a page can read (`document.cookie`) say a member is signed in. */
export function isMemberSignedIn(cookies: string): boolean {
  return cookies.split('; ').includes(`${MEMBER_SIGNED_IN_COOKIE}=1`);
}

/**
 * The link-preview cards (1200 × 630 PNG, shipped by the shell): one per kind of page, named by a
 * page's meta `image`; every other page shows the site's.
 */
export const socialCards = {
  site: '/og/site.png',
  news: '/og/news.png',
  events: '/og/events.png',
  policy: '/og/policy.png',
  join: '/og/join.png',
  donate: '/og/donate.png',
} as const;

/** The groups of the site's footer, in their order, each with its heading. */
export const footerGroups = {
  party: 'The party',
  news: 'News and events',
  'take-part': 'Take part',
  contact: 'Contact and legal',
} as const;

/** Where the shell reports a remote that failed to load. */
export const REMOTE_FAILURE_PATH = '/api/remote-failures';

/** Where the shell finds the registry document, relative to its own origin. */
export const REMOTE_REGISTRY_PATH = '/remotes.json';

/** Where a browser previewing a release (through a preview link) goes back to the active releases: a form's POST. */
export const RELEASE_PREVIEW_LEAVE_PATH = '/api/previews/leave';
