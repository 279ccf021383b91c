/**
 * Module Federation facts the shell, the remotes and the gateway's page renderer must agree on.
 * The build options that use them are in build/federation-options.ts.
 */

/**
 * The react-router exports the site may use. The shared router is tree-shaken to exactly these, in
 * the shell and in every remote, so that the first visit does not download all of react-router;
 * lint refuses any other import from 'react-router'. Adding one means rebuilding the shell first.
 */
export const routerExports = [
  'BrowserRouter',
  'Routes',
  'Route',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
  'matchPath',
] as const;

/** The file name of a remote's manifest, which the registry points at. */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/**
 * On the server the shared singletons are the page renderer's own: server builds leave them out and
 * read them from this global, which the renderer fills before it loads any bundle.
 */
export const SERVER_SHARED_GLOBAL = '__partyServerShared';

/** The modules server builds take from the renderer (the browser's shared singletons). */
export const serverSharedModules = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-router',
  'zustand',
  'zustand/vanilla',
] as const;
