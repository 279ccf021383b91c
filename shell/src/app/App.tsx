import { SiteLayout } from '../features/layout/SiteLayout';
import { ScrollManager } from '../features/navigation/ScrollManager';
import { LazyToaster } from '../features/toasts/LazyToaster';
import { AppRoutes } from './AppRoutes';
import { HydrationMark } from './HydrationMark';

/**
 * The whole site inside a router: the browser's (client.tsx) or the request's (server-entry.tsx).
 * Both render this same tree, so that the browser hydrates what the server sent.
 */
export function App() {
  return (
    <>
      <ScrollManager />
      <SiteLayout>
        <AppRoutes />
      </SiteLayout>
      <LazyToaster />
      <HydrationMark />
    </>
  );
}
