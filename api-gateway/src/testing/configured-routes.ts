import type { BuiltInRemoteName, RemoteRoute } from '@party/shared-contracts';
import type { ConfiguredRoutes } from '../releases/configured-routes.js';

/** A few routes of each remote, as their builds declare them, for the gateway's tests. */
export const testRoutes: Record<BuiltInRemoteName, RemoteRoute[]> = {
  'mf-content': [
    { path: '/', page: 'Home', nav: { label: 'Home', order: 10 } },
    { path: '/news', page: 'News' },
    { path: '/news/:articleId', page: 'NewsArticle' },
  ],
  'mf-engagement': [
    { path: '/contact', page: 'Contact' },
    { path: '/members/sign-in', page: 'MemberSignIn' },
    { path: '/members/account', page: 'MemberAccount' },
  ],
  'mf-donate': [{ path: '/donate', page: 'Donate', nav: { label: 'Donate', order: 50 } }],
};

/** The configured builds of the gateway's tests: each declares `testRoutes`. */
export const testConfiguredRoutes: ConfiguredRoutes = async (remote) => testRoutes[remote];
