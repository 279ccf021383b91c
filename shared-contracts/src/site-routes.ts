import type { RemoteName } from './remote-contract.js';
import type { RemoteRoute } from './remote-registry.js';
import { donationLinks } from './donations/donation-terms.js';
import { eventLinks } from './events/party-events.js';
import { dataRightsLinks, memberLinks, newsletterLinks } from './site-links.js';

/**
 * Where a remote may declare pages: the paths under its prefixes (a prefix is a whole path or a
 * parent of one; the longest prefix that matches decides). mf-content takes whatever no other
 * remote claims. A team adds a page under its own prefixes with a release of its own; a new prefix
 * is a change to this contract.
 */
export const routePrefixes = {
  'mf-content': ['/'],
  'mf-engagement': [
    '/contact',
    '/join',
    '/membership',
    '/membership-confirmation',
    '/members',
    '/newsletter',
    '/volunteer',
    '/staff',
    '/your-data',
    eventLinks.placePage,
  ],
  'mf-donate': ['/donate'],
} as const satisfies Record<RemoteName, readonly string[]>;

const underPrefix = (path: string, prefix: string) =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** The remote whose prefixes hold `path`: the one with the longest prefix that matches. */
export function ownerOfPath(path: string): RemoteName {
  let owner: RemoteName = 'mf-content';
  let longest = 0;
  for (const [remote, prefixes] of Object.entries(routePrefixes) as Array<[RemoteName, readonly string[]]>) {
    for (const prefix of prefixes) {
      if (underPrefix(path, prefix) && prefix.length > longest) [owner, longest] = [remote, prefix.length];
    }
  }
  return owner;
}

/**
 * Pages that other packages link to by their path (the shell's header, the gateway's emails, the
 * forms' consent): each remote's releases must keep serving its own.
 */
export const linkedPaths = {
  'mf-content': ['/', '/privacy', '/terms'],
  'mf-engagement': [
    '/join',
    newsletterLinks.confirmPage,
    newsletterLinks.unsubscribePage,
    memberLinks.confirmPage,
    memberLinks.signInPage,
    memberLinks.accountPage,
    memberLinks.resetPasswordPage,
    dataRightsLinks.requestPage,
    dataRightsLinks.copyPage,
    dataRightsLinks.erasurePage,
    eventLinks.placePage,
  ],
  'mf-donate': [donationLinks.confirmEmailPage],
} as const satisfies Record<RemoteName, readonly string[]>;

/** The file beside a release's manifest in which its build declares its routes. */
export const ROUTES_FILE = 'routes.json';

/** A route with the remote that serves it. */
export type SiteRoute = RemoteRoute & { remote: RemoteName };

/** Every route of the releases a registry names (see remote-registry.ts). */
export function siteRoutesOf(registry: {
  remotes: Partial<Record<RemoteName, { routes: readonly RemoteRoute[] }>>;
}): SiteRoute[] {
  return (Object.entries(registry.remotes) as Array<[RemoteName, { routes: readonly RemoteRoute[] }]>).flatMap(
    ([remote, { routes }]) => routes.map((route) => ({ ...route, remote })),
  );
}

/** The releases a registry shows through a preview link (its `preview` entries), for the shell's banner. */
export function previewedReleases(registry: {
  remotes: Partial<Record<RemoteName, { version: string; preview?: true }>>;
  shell?: { version: string; preview: true };
}): Array<{ remote: RemoteName | 'shell'; version: string }> {
  const remotes = (Object.entries(registry.remotes) as Array<[RemoteName, { version: string; preview?: true }]>)
    .filter(([, release]) => release.preview)
    .map(([remote, { version }]) => ({ remote, version }));
  return registry.shell ? [{ remote: 'shell', version: registry.shell.version }, ...remotes] : remotes;
}

/** The paths of `routes` a sitemap lists: the listed ones without parameters. */
export const listedPaths = (routes: readonly RemoteRoute[]) =>
  routes.filter((route) => !route.unlisted && !route.path.includes(':')).map((route) => route.path);

const patterns = new WeakMap<object, RegExp>();
const patternOf = (route: RemoteRoute) => {
  let pattern = patterns.get(route);
  if (!pattern) {
    pattern = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}/?$`, 'i');
    patterns.set(route, pattern);
  }
  return pattern;
};

const parameters = (route: RemoteRoute) => route.path.split(':').length - 1;

/**
 * The route that serves `pathname` (any case, with or without a trailing slash), the one with the
 * fewest parameters where several match, as the router ranks them; undefined for the 404.
 */
export function matchRoute<T extends RemoteRoute>(routes: readonly T[], pathname: string): T | undefined {
  return routes.filter((route) => patternOf(route).test(pathname)).sort((a, b) => parameters(a) - parameters(b))[0];
}

/**
 * What is wrong with the routes a remote's release declares, if anything: each must be owned by
 * it (routePrefixes), start with a fixed segment and be named once; the pages others link to
 * (linkedPaths) must be among them. (That each route's page is exposed is the manifest's to say:
 * the gateway checks it at publish.)
 */
export function routeProblems(remote: RemoteName, routes: readonly RemoteRoute[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    if (ownerOfPath(route.path) !== remote)
      problems.push(`${route.path} belongs to ${ownerOfPath(route.path)}, not ${remote}`);
    // It would take the paths of the other remotes' prefixes.
    if (route.path.startsWith('/:')) problems.push(`${route.path} starts with a parameter`);
    const key = route.path.replace(/(.)\/$/, '$1');
    if (seen.has(key)) problems.push(`${route.path} is declared twice`);
    seen.add(key);
  }
  for (const path of linkedPaths[remote]) {
    if (!seen.has(path)) problems.push(`${path} is missing: other parts of the site link to it`);
  }
  return problems;
}
