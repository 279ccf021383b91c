import { listedPaths } from '@party/shared-contracts';
import { type RemoteServerBundle } from '@party/shared-ui';
import { engagementRoutes } from './routes/route-table';

// The server build of this remote (dist/server): what the gateway's page renderer loads from the
// active release to render its pages as HTML. The browser never loads it.

const widgets: Record<string, () => Promise<{ default: never }>> = {
  NewsletterSignup: () => import('./features/newsletter/NewsletterSignup') as Promise<{ default: never }>,
  EventRegistration: () => import('./features/events/EventRegistrationForm') as Promise<{ default: never }>,
};

export const bundle: RemoteServerBundle = {
  // A page module, never its tests beside it.
  loadPage: (page) => import(/* webpackExclude: /\.test\.tsx$/ */ `./routes/${page}.tsx`),
  loadWidget: (widget) => widgets[widget]?.() ?? Promise.reject(new Error(`mf-engagement exposes no widget ${widget}`)),
  publicPaths: () => listedPaths(engagementRoutes),
  setAssetBase: (url) => {
    __webpack_public_path__ = url;
  },
};
