import { SiteLayout } from '../features/layout/SiteLayout';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { RemoteLoaderContext } from '../features/remotes/RemoteLoaderContext';
import { ScrollManager } from '../features/navigation/ScrollManager';
import { LazyToaster } from '../features/toasts/LazyToaster';
import { AppRoutes } from './AppRoutes';
import { HydrationMark } from './HydrationMark';

/**
 * The whole site inside a router: the browser's (client.tsx) or the request's (server-entry.tsx).
 * Both render this same tree, so that the browser hydrates what the server sent; each gives the
 * remote loader its pages come from.
 */
export function App({ remotes }: { remotes: RemoteLoader }) {
  return (
    <RemoteLoaderContext value={remotes}>
      <ScrollManager />
      <SiteLayout>
        <AppRoutes />
      </SiteLayout>
      <LazyToaster />
      <HydrationMark />
    </RemoteLoaderContext>
  );
}
