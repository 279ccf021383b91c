import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { PARTY_DESCRIPTION, PARTY_NAME } from '@party/shared-contracts';
import {
  federationOptions,
  frontEndConditionNames,
  pluginPageAssets,
  pluginPrecompress,
  readBuildVariables,
  serverBuildExternals,
} from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { headScripts } from './src/head-scripts';

const {
  GATEWAY_DEV_URL: gateway,
  REMOTE_RELEASE: release,
  REMOTE_DIST_DIR: distDir,
  RELEASE_BASE_URL: releaseBaseUrl,
} = readBuildVariables();
// A release of the shell (the release tool sets REMOTE_RELEASE and REMOTE_DIST_DIR) is served from
// the release store, so its files are addressed there; the configured build from the site's root.
const assetPrefix = release ? `${releaseBaseUrl}/shell/${release}/` : '/';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginPrecompress(),
    // The gateway composes each page from the built index.html and the page's assets as data.
    pluginPageAssets({ command, inlineScripts: headScripts }),
    // No remotes at build time: the registry document names them at run time.
    pluginModuleFederation(
      {
        ...federationOptions(command, 'provide', packageJson.dependencies),
        name: 'shell',
        remotes: {},
      },
      { environment: 'federation' },
    ),
  ],
  source: { define: { 'process.env.SHELL_RELEASE': JSON.stringify(release ?? packageJson.version) } },
  resolve: { conditionNames: frontEndConditionNames(command) },
  // The dev server never empties dist/: a production gateway may be serving it.
  output: { legalComments: 'none', cleanDistPath: command === 'build' },
  environments: {
    // The host page for browsers (it provides the federation runtime and the shared singletons).
    federation: {
      source: { entry: { index: './src/index.ts' } },
      html: {
        template: './src/index.html',
        // What a production page gets from the gateway, page by page: here for the dev server.
        title: PARTY_NAME,
        meta: { description: PARTY_DESCRIPTION },
      },
      output: { distPath: { root: distDir }, assetPrefix },
    },
    // The site's tree for the gateway's page renderer (Node), with the renderer's React. Production
    // builds only: development renders in the browser.
    ...(command === 'build' && {
      server: {
        source: { entry: { server: './src/server-entry.tsx' } },
        tools: { htmlPlugin: false, rspack: { externalsType: 'global' } },
        output: {
          target: 'node',
          externals: serverBuildExternals,
          emitAssets: false,
          distPath: { root: `${distDir}/server`, js: '', jsAsync: 'chunks' },
          filename: { js: '[name].mjs' },
          filenameHash: false,
          // Inside the browser build's folder, which that build empties first.
          cleanDistPath: false,
        },
      },
    }),
  },
  server: {
    port: 3000,
    proxy: { '/api': gateway, '/remotes.json': gateway },
  },
}));
