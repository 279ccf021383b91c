import { footerGroups, type SiteRoute } from '@party/shared-contracts';

export interface NavigationLink {
  to: string;
  label: string;
}

export interface SiteMapGroup {
  heading: string;
  links: NavigationLink[];
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** The header's main links: the routes that ask for a place there, in their order. */
export function navigationOf(routes: readonly SiteRoute[]): NavigationLink[] {
  return routes
    .flatMap((route) => (route.nav ? [{ to: route.path, ...route.nav }] : []))
    .sort(byOrder)
    .map(({ to, label }) => ({ to, label }));
}

/** The footer's map of the site: the contract's groups in their order, each with the routes that ask for a place in it. */
export function siteMapOf(routes: readonly SiteRoute[]): SiteMapGroup[] {
  return (Object.entries(footerGroups) as Array<[keyof typeof footerGroups, string]>)
    .map(([group, heading]) => ({
      heading,
      links: routes
        .flatMap((route) => (route.footer?.group === group ? [{ to: route.path, ...route.footer }] : []))
        .sort(byOrder)
        .map(({ to, label }) => ({ to, label })),
    }))
    .filter((group) => group.links.length > 0);
}
