import { matchPath } from 'react-router';
import { siteRoutes, type SiteRoute } from '@party/shared-contracts';

/** The route that serves a path, as the router will match it; undefined for the 404. */
export function routeOf(pathname: string): SiteRoute | undefined {
  return siteRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
