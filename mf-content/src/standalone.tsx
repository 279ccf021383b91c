import '@party/shared-ui/design-tokens.css';
import '@party/shared-ui/page-layout.css';
import { renderStandalone } from '@party/shared-ui';
import { contentRoutes } from './routes/route-table';

// This remote's pages without the shell and the other remotes (npm run dev -w @party/mf-content).
const routeModules = import.meta.webpackContext('./routes', { regExp: /^\.\/\w+\.tsx$/, mode: 'lazy' });
renderStandalone(
  'mf-content',
  contentRoutes,
  (page) => routeModules(`./${page}.tsx`) as Promise<{ default: React.ComponentType }>,
);
