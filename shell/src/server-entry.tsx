import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { previewedReleases, siteRoutesOf, type RemoteRegistry } from '@party/shared-contracts';
import { App } from './app/App';
import { routeOf } from './app/route-of';
import { createRemoteLoader, type RemoteModuleSource } from './features/remotes/remote-loader';

// The shell's server build (dist/server): the gateway's page renderer renders the site's tree here
// for one URL, with the remote modules it has loaded. The browser never loads it.

export { routeOf };

/**
 * The HTML of `<div id="root">` for `url`, rendered as the browser will hydrate it, with the routes
 * of `registry`'s releases. Remote modules come from `source`: one it has loaded renders at once;
 * one it has not leaves that page's loading state in the HTML, for the browser to render.
 */
export function renderSite(url: string, source: RemoteModuleSource, registry: RemoteRegistry): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App
          remotes={createRemoteLoader({ source })}
          routes={siteRoutesOf(registry)}
          previews={previewedReleases(registry)}
        />
      </StaticRouter>
    </StrictMode>,
  );
}
