import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { RemoteName, SiteRoute } from '@party/shared-contracts';
import { reloadPage } from './page-reload';
import type { RemoteLoader } from './remote-loader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteLoader } from './RemoteLoaderContext';
import { RemoteLoading } from './RemoteLoading';

/**
 * After each navigation into a remote's page, asks whether that remote's release changed since the
 * page loaded (activated, or rolled back because it was broken); if so, loads the page afresh, so
 * that an open tab does not keep running a release the operators replaced. Not on the page load
 * itself (location key `default`): its HTML and scripts are already one registry snapshot.
 */
function useCurrentRelease(loader: RemoteLoader, remote: RemoteName) {
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    let current = true;
    loader.releaseChanged(remote).then(
      (changed) => changed && current && reloadPage(),
      // An unreadable registry changes nothing here: the page keeps what it has.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loader, key, remote]);
}

/** Renders a route's page from its remote, with a loading state and, on failure, a Retry that reloads the page. */
export function RemotePage({ route }: { route: SiteRoute }) {
  const loader = useRemoteLoader();
  // Kept above the suspending subtree: a lazy created inside it would be re-created on every render.
  const [Page] = useState(() => loader.lazyPage(route));
  useCurrentRelease(loader, route.remote);

  return (
    <RemoteErrorBoundary remote={route.remote} onFailure={loader.reportFailure} onRetry={reloadPage}>
      <Suspense fallback={<RemoteLoading />}>
        <div data-remote={route.remote}>
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
