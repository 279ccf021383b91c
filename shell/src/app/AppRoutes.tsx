import { Route, Routes } from 'react-router';
import { siteRoutes } from '@party/shared-contracts';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { RemotePage } from '../features/remotes/RemotePage';

export function AppRoutes() {
  return (
    <Routes>
      {siteRoutes.map((route) => (
        // Keyed by path so that a failed page's error state never carries over to another route.
        <Route key={route.path} path={route.path} element={<RemotePage key={route.path} route={route} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
