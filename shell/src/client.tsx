import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { previewedReleases, siteRoutesOf } from '@party/shared-contracts';
import { App } from './app/App';
import { listenToShellChannel } from './app/listen-to-shell-channel';
import { routeOf } from './app/route-of';
import { earlyManifestPlugin } from './features/remotes/early-manifests';
import { createRemoteFailureReporter, remoteFailurePlugin } from './features/remotes/remote-failures';
import { createRemoteLoader, federationSource } from './features/remotes/remote-loader';
import { createRemoteRegistry } from './features/remotes/remote-registry';
import { stylesheetPlugin } from './features/remotes/stylesheet-plugin';
import './styles/global.css';

const registry = createRemoteRegistry();
// The routes come with the releases: from the page itself when the server rendered it, else (in
// development) from /remotes.json before the first render. Null: the registry could not be read.
const loaded = await registry.load().catch(() => null);
const routes = loaded && siteRoutesOf(loaded);
const previews = loaded ? previewedReleases(loaded) : [];
const reporter = createRemoteFailureReporter(registry, () =>
  routes ? routeOf(window.location.pathname, routes)?.path : undefined,
);
registerPlugins([remoteFailurePlugin(reporter), stylesheetPlugin(), earlyManifestPlugin()]);
const remotes = createRemoteLoader({ source: federationSource(registry), registry, reporter });
listenToShellChannel(remotes);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const app = (
  <StrictMode>
    <BrowserRouter>
      <App remotes={remotes} routes={routes} previews={previews} />
    </BrowserRouter>
  </StrictMode>
);

/**
 * React errors #419 (a boundary the server left to the browser: a remote it could not render) and
 * #422 (a remote that failed to load while hydrating; its error boundary shows and reports it).
 */
const expectedWhileHydrating = (error: unknown) => /#419|#422/.test(String((error as Error)?.message));

if (container.hasChildNodes() && routes) {
  // The server rendered this page: load its page module (already fetched with the page's code), then
  // hydrate it as one tree, so that nothing renders twice or moves. Another remote's widget in it
  // loads when it comes into view or is used; its server HTML stays until then.
  const route = routeOf(window.location.pathname, routes);
  if (route) await remotes.loadPage(route).catch(() => undefined);
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
  // Nothing rendered (the development server), or no registry to hydrate it with: render afresh.
  createRoot(container, { onCaughtError: () => undefined }).render(app);
}
