// Where the consultations' pages and endpoints are, apart from their schemas: pages that only link
// to consultations (each policy area's on /policy) must not bring a validator's code with them.

/** Where the consultations' pages and endpoints are. */
export const consultationLinks = {
  page: '/consultations',
  listEndpoint: '/api/consultations',
} as const;
/** A consultation's page, and its public moderation log's. */
export const consultationPage = (slug: string) => `${consultationLinks.page}/${slug}`;
export const moderationLogPage = (slug: string) => `${consultationPage(slug)}/moderation-log`;
/** A consultation's endpoint, its comments' (POST) and its open data (`csv` or `json`). */
export const consultationEndpoint = (slug: string) => `${consultationLinks.listEndpoint}/${slug}`;
/** The comments' endpoint of the consultation whose page is `pagePath` (`/consultations/<slug>`). */
export const consultationCommentsEndpoint = (pagePath: string) =>
  `${consultationEndpoint(pagePath.slice(consultationLinks.page.length + 1))}/comments`;
export const consultationOpenData = (slug: string, format: 'csv' | 'json') =>
  `${consultationEndpoint(slug)}/open-data.${format}`;
