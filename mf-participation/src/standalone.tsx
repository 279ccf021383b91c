import '@party/shared-ui/design-tokens.css';
import '@party/shared-ui/page-layout.css';
import { renderStandalone } from '@party/shared-ui';
import { participationRoutes } from './routes/route-table';

// This remote's pages without the shell and the other remotes (npm run dev -w @party/mf-participation).
const routeModules = import.meta.webpackContext('./routes', { regExp: /^\.\/\w+\.tsx$/, mode: 'lazy' });
renderStandalone(
  'mf-participation',
  participationRoutes,
  (page) => routeModules(`./${page}.tsx`) as Promise<{ default: React.ComponentType }>,
);
