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
const PUBLISH_COMMENT = '/publish-comment';
/** The page a held comment's emailed link opens (`?token=`), and the endpoint its button posts to. */
export const commentPublicationPage = (slug: string) => `${consultationPage(slug)}${PUBLISH_COMMENT}`;
export const commentPublicationEndpoint = (pagePath: string) =>
  `${consultationCommentsEndpoint(pagePath.slice(0, -PUBLISH_COMMENT.length))}/publish`;
export const consultationOpenData = (slug: string, format: 'csv' | 'json') =>
  `${consultationEndpoint(slug)}/open-data.${format}`;
