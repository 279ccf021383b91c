import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import type { RemoteName, RemoteRoute } from '@party/shared-contracts';
import { onPageMetaSet, onToastRaised } from './shell-channel.js';

/**
 * A minimal page harness, so that a remote's team can work without the shell and the other
 * remotes: its pages (its own `routes`), a list of links to them, the page title and toasts on the
 * console. `loadPage` loads `routes/<page>.tsx` of the remote (a bundler context, which only the
 * remote's own build can resolve).
 */
export function renderStandalone(
  remote: RemoteName,
  routes: readonly RemoteRoute[],
  loadPage: (page: string) => Promise<{ default: ComponentType }>,
): void {
  onPageMetaSet((meta) => (document.title = `${meta.title} (${remote} standalone)`));
  onToastRaised((toast) => console.info('[toast]', toast));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <nav style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, fontFamily: 'system-ui' }}>
          {routes.map((route) => (
            <Link key={route.path} to={route.path.replace(/:\w+/, 'sample')}>
              {route.page}
            </Link>
          ))}
        </nav>
        <Suspense>
          <Routes>
            {routes.map((route) => {
              const Page = lazy(() => loadPage(route.page));
              return <Route key={route.path} path={route.path} element={<Page />} />;
            })}
          </Routes>
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
}
