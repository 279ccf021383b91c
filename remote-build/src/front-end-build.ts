/**
 * Rsbuild options the front-end packages must agree on. Plain data, so that this package does not
 * depend on the build tools; each package's rsbuild.config.ts adds its plugins.
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_SHARED_GLOBAL, serverSharedModules } from '@party/shared-contracts';

/**
 * In the monorepo the shared packages are linked, not installed: their source is built with each
 * package (no build step in development). A team building alone installs the published packages, built.
 */
const linkedFromSource = !fs
  .realpathSync(fileURLToPath(import.meta.url))
  .split(path.sep)
  .includes('node_modules');

/** Server builds read the shared singletons from the renderer's global instead of bundling them. */
export const serverBuildExternals = Object.fromEntries(
  serverSharedModules.map((name) => [name, [SERVER_SHARED_GLOBAL, name]]),
);

/**
 * '@party/source' takes the shared packages from source where linked (see linkedFromSource); the
 * rest are the bundler's usual conditions, which a custom list replaces rather than extends.
 */
export function frontEndConditionNames(command: string) {
  return [
    ...(linkedFromSource ? ['@party/source'] : []),
    'browser',
    'import',
    'module',
    'webpack',
    command === 'build' ? 'production' : 'development',
    'default',
  ];
}

export interface RemoteBuild {
  /** Rsbuild's command: `build` or `dev`. */
  command: string;
  /** The dev server's port. */
  port: number;
  /** The release label its pages show. */
  release: string;
  /** Output folder of the federation build; the gateway serves `<remote>/dist`. */
  distDir?: string;
  /** Where the standalone harness sends `/api` requests in dev. */
  gatewayUrl?: string;
}

/**
 * A remote has three builds (docs/decisions/0003, 0011): `federation`, the container the shell
 * loads; `server`, its pages for the gateway's page renderer (Node, in `<dist>/server`, released
 * with the container); and `standalone`, a plain page harness so that its team can work without
 * the shell.
 */
export function remoteBuildOptions({
  command,
  port,
  release,
  distDir = 'dist',
  gatewayUrl = 'http://localhost:8080',
}: RemoteBuild) {
  return {
    source: { define: { 'process.env.REMOTE_RELEASE': JSON.stringify(release) } },
    resolve: { conditionNames: frontEndConditionNames(command) },
    output: { legalComments: 'none' as const },
    environments: {
      federation: {
        // The plugin attaches the external federation runtime to an entry chunk; this one is empty.
        source: { entry: { 'federation-entry': './src/federation-entry.ts' } },
        tools: { htmlPlugin: false },
        // Module Federation cannot hot-replace a remote inside the shell's page; a full reload after
        // each rebuild works. The standalone harness keeps hot replacement.
        dev: { hmr: false, liveReload: true },
        // Chunks resolve against wherever the remote entry was served from, not the host's origin.
        // A release build goes to a fresh folder outside the package: empty it before building. The
        // dev server never empties it: a production gateway may be serving it.
        output: { assetPrefix: 'auto', distPath: { root: distDir }, cleanDistPath: command === 'build' },
      },
      ...(command === 'build' && {
        server: {
          source: { entry: { server: './src/server-entry.ts' } },
          tools: {
            htmlPlugin: false,
            rspack: { externalsType: 'global' as const },
          },
          output: {
            target: 'node' as const,
            externals: serverBuildExternals,
            // Asset URLs are set at run time to where the release is served (setAssetBase).
            assetPrefix: '/',
            emitAssets: false,
            distPath: { root: `${distDir}/server`, js: '', jsAsync: 'chunks' },
            // ES modules, wherever the release is stored (in a `"type": "module"` package or not).
            filename: { js: '[name].mjs' },
            filenameHash: false,
            // Inside the federation build's folder, which that build empties first.
            cleanDistPath: false,
          },
        },
      }),
      standalone: {
        source: { entry: { index: './src/standalone.tsx' } },
        html: { template: './src/index.html' },
        // Its own script folders: the dev server serves both builds from one origin, where a chunk of
        // the container would otherwise answer for the harness's chunk of the same name.
        output: {
          distPath: {
            root: 'dist-standalone',
            js: 'harness/js',
            jsAsync: 'harness/js/async',
            css: 'harness/css',
            cssAsync: 'harness/css/async',
          },
        },
      },
    },
    server: {
      port,
      // The shell's dev page may run on any local port.
      cors: { origin: /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/ },
      // The standalone harness serves every route's path, and its forms reach the gateway.
      historyApiFallback: true,
      proxy: { '/api': gatewayUrl },
    },
  };
}
