import type { previewedReleases, SiteRoute } from '@party/shared-contracts';
import { SiteLayout } from '../features/layout/SiteLayout';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { RemoteLoaderContext } from '../features/remotes/RemoteLoaderContext';
import { ScrollManager } from '../features/navigation/ScrollManager';
import { PreviewBanner } from '../features/previews/PreviewBanner';
import { LazyToaster } from '../features/toasts/LazyToaster';
import { AppRoutes } from './AppRoutes';
import { HydrationMark } from './HydrationMark';

/**
 * The whole site inside a router: the browser's (client.tsx) or the request's (server-entry.tsx).
 * Both render this same tree, so that the browser hydrates what the server sent; each gives the
 * remote loader its pages come from and the routes of the registry's releases (null when the
 * registry could not be read), and the releases this browser previews.
 */
export function App({
  remotes,
  routes,
  previews = [],
}: {
  remotes: RemoteLoader;
  routes: readonly SiteRoute[] | null;
  previews?: ReturnType<typeof previewedReleases>;
}) {
  return (
    <RemoteLoaderContext value={remotes}>
      <ScrollManager />
      <SiteLayout routes={routes ?? []} notice={<PreviewBanner previews={previews} />}>
        <AppRoutes routes={routes} />
      </SiteLayout>
      <LazyToaster />
      <HydrationMark />
    </RemoteLoaderContext>
  );
}
