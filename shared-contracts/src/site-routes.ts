import type { RemoteName } from './remote-contract.js';
import { ownerOfPath, type RemoteDefinition } from './remote-definitions.js';
import type { RemoteRoute } from './remote-registry.js';

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
 * What is wrong with the routes a release of `remote` declares, if anything, against the registry's
 * definitions (`remotes`): each must be owned by it (its prefixes), start with a fixed segment and be
 * named once; the pages others link to must be among them; and it may put a link in the header or
 * footer only where its definition allows. (That each route's page is exposed is the manifest's to
 * say: the gateway checks it at publish.)
 */
export function routeProblems(
  remote: string,
  routes: readonly RemoteRoute[],
  remotes: readonly RemoteDefinition[],
): string[] {
  const definition = remotes.find((each) => each.name === remote);
  if (!definition) return [`${remote} is not a remote of this site`];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const owner = ownerOfPath(route.path, remotes);
    if (owner !== remote) problems.push(`${route.path} belongs to ${owner ?? 'no remote'}, not ${remote}`);
    // It would take the paths of the other remotes' prefixes.
    if (route.path.startsWith('/:')) problems.push(`${route.path} starts with a parameter`);
    const key = route.path.replace(/(.)\/$/, '$1');
    if (seen.has(key)) problems.push(`${route.path} is declared twice`);
    seen.add(key);
    if (route.nav && !definition.linkPlaces.includes('header'))
      problems.push(`${route.path} is linked from the header, which ${remote} may not be`);
    if (route.footer && !definition.linkPlaces.includes('footer'))
      problems.push(`${route.path} is linked from the footer, which ${remote} may not be`);
  }
  for (const path of definition.linkedPaths) {
    if (!seen.has(path)) problems.push(`${path} is missing: other parts of the site link to it`);
  }
  return problems;
}
