import { consultationLinks, type RemoteRoute } from '@party/shared-contracts';

/**
 * The pages this remote serves, each rendered by `routes/<page>.tsx`, with their places in the
 * header and footer (the registry lets it link from both). Its releases declare them (routes.json)
 * and the shell routes by them.
 */
export const participationRoutes = [
  {
    path: consultationLinks.page,
    page: 'Consultations',
    nav: { label: 'Consultations', order: 35 },
    footer: { group: 'take-part', label: 'Consultations', order: 15 },
  },
  { path: `${consultationLinks.page}/:slug`, page: 'Consultation' },
  // Reached from its consultation's page, a click further than the sitemap's two.
  { path: `${consultationLinks.page}/:slug/moderation-log`, page: 'ModerationLog', unlisted: true },
  // Opened from the email that publishes a comment held for its link.
  { path: `${consultationLinks.page}/:slug/publish-comment`, page: 'PublishComment', unlisted: true },
] as const satisfies readonly RemoteRoute[];
