import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { remoteWidgetIds, type RemoteWidgetId } from '@party/shared-contracts';
import { App } from './app/App';
import { listenToShellChannel } from './app/listen-to-shell-channel';
import { routeOf } from './app/route-of';
import { createRemoteFailureReporter, remoteFailurePlugin } from './features/remotes/remote-failures';
import { createRemoteLoader, federationSource } from './features/remotes/remote-loader';
import { createRemoteRegistry } from './features/remotes/remote-registry';
import './styles/global.css';

const registry = createRemoteRegistry();
const reporter = createRemoteFailureReporter(registry, () => routeOf(window.location.pathname)?.path);
registerPlugins([remoteFailurePlugin(reporter)]);
const remotes = createRemoteLoader({ source: federationSource(registry), registry, reporter });
listenToShellChannel(remotes);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const app = (
  <StrictMode>
    <BrowserRouter>
      <App remotes={remotes} />
    </BrowserRouter>
  </StrictMode>
);

/**
 * React errors #419 (a boundary the server left to the browser: a remote it could not render) and
 * #422 (a remote that failed to load while hydrating; its error boundary shows and reports it).
 */
const expectedWhileHydrating = (error: unknown) => /#419|#422/.test(String((error as Error)?.message));

if (container.hasChildNodes()) {
  // The server rendered this page: load what it showed (already announced by modulepreload), then
  // hydrate it as one tree, so that nothing renders twice or moves.
  const route = routeOf(window.location.pathname);
  const widgets = (container.dataset.widgets ?? '').split(' ').filter((id): id is RemoteWidgetId => (remoteWidgetIds as string[]).includes(id));
  await Promise.allSettled([route && remotes.loadPage(route), ...widgets.map((id) => remotes.loadWidget(id))]);
  // As a transition, hydration yields to the browser between pieces of work: the page the visitor
  // already sees stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(container, app, {
      // The only error boundaries are around remote pages; they report what they catch themselves.
      onCaughtError: () => undefined,
      onRecoverableError: (error) => {
        if (!expectedWhileHydrating(error)) console.error(error);
      },
    });
  });
} else {
  // Start reading the registry now so that it is in flight while the first render happens.
  void registry.load().catch(() => undefined);
  createRoot(container, { onCaughtError: () => undefined }).render(app);
}

