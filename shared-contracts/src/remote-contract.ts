import { memberLinks, newsletterLinks } from './site-links.js';

/** The federated remotes the shell composes, by their Module Federation name. */
export const remoteNames = ['mf-content', 'mf-engagement', 'mf-donate'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * The pages each remote must expose. A remote exposes `./<Page>` whose default export is a
 * page component; the shell relies on nothing else.
 */
export const remotePages = {
  'mf-content': [
    'Home',
    'About',
    'Policy',
    'Leadership',
    'News',
    'NewsArticle',
    'Events',
    'EventDetail',
    'Manifesto',
    'GetInvolved',
    'Privacy',
    'Terms',
    'Careers',
  ],
  'mf-engagement': ['Contact', 'Join', 'MembershipConfirmation', 'Volunteer', 'NewsletterConfirm', 'NewsletterUnsubscribe', 'MembershipConfirm', 'MemberSignIn', 'MemberAccount', 'ForgotPassword', 'ResetPassword', 'StaffConsole'],
  'mf-donate': ['Donate'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RemotePage<R extends RemoteName> = (typeof remotePages)[R][number];

/** The `exposes` keys a remote's build must declare, e.g. `./Home`. */
export type ExposedPageKey<R extends RemoteName> = `./${RemotePage<R>}`;

/**
 * Components a remote exposes for another remote to embed, by Module Federation id, with their
 * props. One component serves every page that shows it: the others load it, never copy it.
 */
export interface RemoteWidgets {
  'mf-engagement/NewsletterSignup': NewsletterSignupProps;
  'mf-engagement/EventRegistration': EventRegistrationProps;
}

export type RemoteWidgetId = keyof RemoteWidgets;

/** Every widget id, at run time; `satisfies` keeps the list complete. */
export const remoteWidgetIds = Object.keys({
  'mf-engagement/NewsletterSignup': true,
  'mf-engagement/EventRegistration': true,
} satisfies Record<RemoteWidgetId, true>) as RemoteWidgetId[];

export interface NewsletterSignupProps {
  /** Prefixes the ids of its field and heading, so that two boxes on one page stay distinct. */
  idPrefix: string;
  /** `band`: a full-width strip on a dark background; `panel`: a side panel. */
  layout: 'band' | 'panel';
  headingLevel: 2 | 3;
}

export interface EventRegistrationProps {
  /** The event's id, as in /events/<id>. */
  eventId: string;
  eventTitle: string;
}

/** The `exposes` keys of a remote's widgets, e.g. `./NewsletterSignup`. */
export type ExposedWidgetKey<R extends RemoteName> = {
  [Id in RemoteWidgetId]: Id extends `${R}/${infer Widget}` ? `./${Widget}` : never;
}[RemoteWidgetId];

export type SiteRoute = {
  /** `unlisted`: reached from a link in an email or after sending a form, never from a link of the site; not in the sitemap. */
  [R in RemoteName]: { path: string; remote: R; page: RemotePage<R>; unlisted?: true };
}[RemoteName];

/** Every routed path of the site and the remote page that renders it; anything else is the 404. */
export const siteRoutes: readonly SiteRoute[] = [
  { path: '/', remote: 'mf-content', page: 'Home' },
  { path: '/about', remote: 'mf-content', page: 'About' },
  { path: '/policy', remote: 'mf-content', page: 'Policy' },
  { path: '/leadership', remote: 'mf-content', page: 'Leadership' },
  { path: '/news', remote: 'mf-content', page: 'News' },
  { path: '/news/:articleId', remote: 'mf-content', page: 'NewsArticle' },
  { path: '/events', remote: 'mf-content', page: 'Events' },
  { path: '/events/:eventId', remote: 'mf-content', page: 'EventDetail' },
  { path: '/manifesto', remote: 'mf-content', page: 'Manifesto' },
  { path: '/get-involved', remote: 'mf-content', page: 'GetInvolved' },
  { path: '/privacy', remote: 'mf-content', page: 'Privacy' },
  { path: '/terms', remote: 'mf-content', page: 'Terms' },
  { path: '/careers', remote: 'mf-content', page: 'Careers' },
  { path: '/contact', remote: 'mf-engagement', page: 'Contact' },
  { path: '/join', remote: 'mf-engagement', page: 'Join' },
  { path: '/membership-confirmation', remote: 'mf-engagement', page: 'MembershipConfirmation', unlisted: true },
  { path: '/volunteer', remote: 'mf-engagement', page: 'Volunteer' },
  { path: newsletterLinks.confirmPage, remote: 'mf-engagement', page: 'NewsletterConfirm', unlisted: true },
  { path: newsletterLinks.unsubscribePage, remote: 'mf-engagement', page: 'NewsletterUnsubscribe', unlisted: true },
  { path: memberLinks.confirmPage, remote: 'mf-engagement', page: 'MembershipConfirm', unlisted: true },
  { path: memberLinks.signInPage, remote: 'mf-engagement', page: 'MemberSignIn' },
  { path: memberLinks.accountPage, remote: 'mf-engagement', page: 'MemberAccount', unlisted: true },
  { path: memberLinks.forgotPasswordPage, remote: 'mf-engagement', page: 'ForgotPassword', unlisted: true },
  { path: memberLinks.resetPasswordPage, remote: 'mf-engagement', page: 'ResetPassword', unlisted: true },
  { path: '/staff', remote: 'mf-engagement', page: 'StaffConsole', unlisted: true },
  { path: '/donate', remote: 'mf-donate', page: 'Donate' },
];

/** The Module Federation request id of a page, e.g. `mf-content/Home`. */
export function remoteModuleId(route: Pick<SiteRoute, 'remote' | 'page'>): string {
  return `${route.remote}/${route.page}`;
}
