import { BrowserRouter } from 'react-router';
import { SiteLayout } from '../features/layout/SiteLayout';
import { ScrollManager } from '../features/navigation/ScrollManager';
import { LazyToaster } from '../features/toasts/LazyToaster';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <SiteLayout>
        <AppRoutes />
      </SiteLayout>
      <LazyToaster />
    </BrowserRouter>
  );
}
