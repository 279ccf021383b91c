import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { SiteRoute } from '@party/shared-contracts';
import { loadRemotePage } from './load-remote-page';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoading } from './RemoteLoading';

// React.lazy objects live outside the suspending subtree (a lazy created inside it would be
// re-created on every render and fetch forever) and are replaced on Retry (lazy keeps a rejection).
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(route: SiteRoute): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route.path);
  if (!page) {
    page = lazy(() => loadRemotePage(route));
    lazyPages.set(route.path, page);
  }
  return page;
}

/** Renders a route's page from its remote, with a loading state and a Retry on failure. */
export function RemotePage({ route }: { route: SiteRoute }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(route);

  const retry = () => {
    lazyPages.delete(route.path);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} remote={route.remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <div data-remote={route.remote}>
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
