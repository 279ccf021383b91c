import type { RemoteRoute } from '@party/shared-contracts';

/**
 * The pages this remote serves, each rendered by `routes/<page>.tsx`, with their places in the
 * header and footer. Its releases declare them (routes.json) and the shell routes by them: a new
 * page here ships with a release of this remote alone.
 */
export const contentRoutes = [
  { path: '/', page: 'Home', nav: { label: 'Home', order: 10 } },
  { path: '/about', page: 'About', footer: { group: 'party', label: 'About us', order: 10 } },
  { path: '/policy', page: 'Policy', footer: { group: 'party', label: 'Policy', order: 30 } },
  {
    path: '/leadership',
    page: 'Leadership',
    nav: { label: 'Leadership', order: 30 },
    footer: { group: 'party', label: 'Leadership', order: 40 },
  },
  { path: '/news', page: 'News', footer: { group: 'news', label: 'News and research', order: 10 } },
  { path: '/news/:articleId', page: 'NewsArticle' },
  { path: '/events', page: 'Events', footer: { group: 'news', label: 'Events', order: 20 } },
  { path: '/events/:eventId', page: 'EventDetail' },
  {
    path: '/manifesto',
    page: 'Manifesto',
    nav: { label: 'Manifesto', order: 20 },
    footer: { group: 'party', label: 'Manifesto', order: 20 },
  },
  {
    path: '/get-involved',
    page: 'GetInvolved',
    nav: { label: 'Get Involved', order: 40 },
    footer: { group: 'take-part', label: 'Get involved', order: 10 },
  },
  { path: '/privacy', page: 'Privacy', footer: { group: 'contact', label: 'Privacy Policy', order: 10 } },
  { path: '/terms', page: 'Terms', footer: { group: 'contact', label: 'Terms of Use', order: 20 } },
  { path: '/careers', page: 'Careers', footer: { group: 'party', label: 'Careers', order: 50 } },
] as const satisfies readonly RemoteRoute[];
