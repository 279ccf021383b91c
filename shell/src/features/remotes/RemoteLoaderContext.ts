import { createContext, useContext } from 'react';
import type { RemoteLoader } from './remote-loader';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** The remote loader the app was given (client.tsx in a browser, server-entry.tsx on the server). */
export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('No RemoteLoaderContext: render the site inside <App remotes={…}>');
  return loader;
}
