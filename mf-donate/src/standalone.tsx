import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { onPageMetaSet, onToastRaised, siteRoutes } from '@party/shared-contracts';
import '@party/shared-contracts/design-tokens.css';

// A minimal page harness so that this team can work without the shell and the other remotes.
const routeModules = import.meta.webpackContext('./routes', { regExp: /^\.\/\w+\.tsx$/, mode: 'lazy' });
const routes = siteRoutes.filter((route) => route.remote === 'mf-donate');

onPageMetaSet((meta) => (document.title = `${meta.title} (mf-donate standalone)`));
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
            const Page = lazy(() => routeModules(`./${route.page}.tsx`) as Promise<{ default: React.ComponentType }>);
            return <Route key={route.path} path={route.path} element={<Page />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
