import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { SiteRoute } from '@party/shared-contracts';
import { loadRemotePage } from './load-remote';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoading } from './RemoteLoading';

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy page per route, kept across visits so that coming back to a page shows it at once. It
// lives above the suspending subtree (a lazy created inside it would be re-created on every render
// and fetch forever) and is replaced on Retry, because a lazy keeps its rejection.
const lazyPages = new Map<string, LazyPage>();

function lazyPage(route: SiteRoute, fresh = false): LazyPage {
  let page = lazyPages.get(route.path);
  if (!page || fresh) {
    page = lazy(() => loadRemotePage(route));
    lazyPages.set(route.path, page);
  }
  return page;
}

/** Renders a route's page from its remote, with a loading state and a Retry on failure. */
export function RemotePage({ route }: { route: SiteRoute }) {
  const [{ Page, attempt }, setState] = useState(() => ({ Page: lazyPage(route), attempt: 0 }));

  const retry = () => setState((state) => ({ Page: lazyPage(route, true), attempt: state.attempt + 1 }));

  return (
    <RemoteErrorBoundary key={attempt} remote={route.remote} routePattern={route.path} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <div data-remote={route.remote}>
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
