import { matchRoute, type SiteRoute } from '@party/shared-contracts';

/** The route that serves a path among `routes`, as the router matches it; undefined for the 404. */
export function routeOf(pathname: string, routes: readonly SiteRoute[]): SiteRoute | undefined {
  return matchRoute(routes, pathname);
}
