import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { alreadyLoaded, type RemoteName, type SiteRoute } from '@party/shared-contracts';
import { loadedRemotePage, loadRemotePage } from './load-remote';
import { reloadPage } from './page-reload';
import { remoteReleaseChanged } from './release-check';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoading } from './RemoteLoading';

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy page per route, kept across visits so that coming back to a page shows it at once. It
// lives above the suspending subtree: a lazy created inside it would be re-created on every render
// and fetch forever.
const lazyPages = new Map<string, LazyPage>();

function lazyPage(route: SiteRoute): LazyPage {
  // A page loaded before hydration (or before a server render) renders at once, without suspending.
  const loaded = loadedRemotePage(route);
  if (loaded) return lazy(() => alreadyLoaded(loaded));
  let page = lazyPages.get(route.path);
  if (!page) {
    page = lazy(() => loadRemotePage(route));
    lazyPages.set(route.path, page);
  }
  return page;
}

/**
 * After each navigation into a remote's page, asks whether that remote's release changed since the
 * page loaded (activated, or rolled back because it was broken); if so, loads the page afresh, so
 * that an open tab does not keep running a release the operators replaced. Not on the page load
 * itself (location key `default`): its HTML and scripts are already one registry snapshot.
 */
function useCurrentRelease(remote: RemoteName) {
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    let current = true;
    remoteReleaseChanged(remote).then(
      (changed) => changed && current && reloadPage(),
      // An unreadable registry changes nothing here: the page keeps what it has.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, remote]);
}

/** Renders a route's page from its remote, with a loading state and, on failure, a Retry that reloads the page. */
export function RemotePage({ route }: { route: SiteRoute }) {
  const [Page] = useState(() => lazyPage(route));
  useCurrentRelease(route.remote);

  return (
    <RemoteErrorBoundary remote={route.remote} routePattern={route.path} onRetry={reloadPage}>
      <Suspense fallback={<RemoteLoading />}>
        <div data-remote={route.remote}>
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
