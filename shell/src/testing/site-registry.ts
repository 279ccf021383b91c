import {
  siteRoutesOf,
  type RemoteName,
  type RemoteRegistry,
  type RemoteRegistryEntry,
  type RemoteRoute,
  type SiteRoute,
} from '@party/shared-contracts';

/** A few routes of each remote, as their releases declare them, for the shell's tests. */
export const testRoutes = {
  'mf-content': [
    { path: '/', page: 'Home', nav: { label: 'Home', order: 10 } },
    { path: '/news', page: 'News', footer: { group: 'news', label: 'News and research', order: 10 } },
    { path: '/news/:articleId', page: 'NewsArticle' },
    { path: '/privacy', page: 'Privacy', footer: { group: 'contact', label: 'Privacy Policy', order: 10 } },
  ],
  'mf-engagement': [
    { path: '/contact', page: 'Contact', footer: { group: 'contact', label: 'Contact', order: 30 } },
    { path: '/join', page: 'Join', footer: { group: 'take-part', label: 'Join', order: 20 } },
    { path: '/membership-confirmation', page: 'MembershipConfirmation', unlisted: true },
  ],
  'mf-donate': [
    {
      path: '/donate',
      page: 'Donate',
      nav: { label: 'Donate', order: 50 },
      footer: { group: 'take-part', label: 'Donate', order: 40 },
    },
  ],
} satisfies Record<RemoteName, RemoteRoute[]>;
type TestRemote = keyof typeof testRoutes;

/** A registry of the three remotes with `testRoutes`, version `1.0.0` from `/remotes/…`, each entry changed by `change`. */
export function testRegistry(change: Partial<Record<TestRemote, Partial<RemoteRegistryEntry>>> = {}): RemoteRegistry {
  const entry = (remote: TestRemote): RemoteRegistryEntry => ({
    entry: `/remotes/${remote}/mf-manifest.json`,
    version: '1.0.0',
    routes: testRoutes[remote],
    ...change[remote],
  });
  return {
    remotes: Object.fromEntries((Object.keys(testRoutes) as TestRemote[]).map((remote) => [remote, entry(remote)])),
  };
}

/** The route of `testRegistry` at `path`. */
export function testRoute(path: string): SiteRoute {
  const found = siteRoutesOf(testRegistry()).find((route) => route.path === path);
  if (!found) throw new Error(`No test route ${path}`);
  return found;
}
