import { Route, Routes } from 'react-router';
import type { SiteRoute } from '@party/shared-contracts';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { reloadPage } from '../features/remotes/page-reload';
import { RemotePage } from '../features/remotes/RemotePage';
import { RemoteUnavailable } from '../features/remotes/RemoteUnavailable';

/**
 * The routes of the active releases (from the registry), and the 404 for any other path. Without a
 * registry the shell cannot tell a page from a wrong address: every path says so and offers Retry.
 */
export function AppRoutes({ routes }: { routes: readonly SiteRoute[] | null }) {
  if (!routes) {
    return (
      <Routes>
        <Route path="*" element={<RemoteUnavailable onRetry={reloadPage} />} />
      </Routes>
    );
  }
  return (
    <Routes>
      {routes.map((route) => (
        // Keyed by path so that a failed page's error state never carries over to another route.
        <Route key={route.path} path={route.path} element={<RemotePage key={route.path} route={route} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
