import { listedPaths } from '@party/shared-contracts';
import { type RemoteServerBundle } from '@party/shared-ui';
import { participationRoutes } from './routes/route-table';

// The server build of this remote (dist/server): what the gateway's page renderer loads from the
// active release to render its pages as HTML. The browser never loads it.

export const bundle: RemoteServerBundle = {
  // A page module, never its tests beside it.
  loadPage: (page) => import(/* webpackExclude: /\.test\.tsx$/ */ `./routes/${page}.tsx`),
  loadWidget: (widget) => Promise.reject(new Error(`mf-participation exposes no widget ${widget}`)),
  publicPaths: () => listedPaths(participationRoutes),
  setAssetBase: (url) => {
    __webpack_public_path__ = url;
  },
};
