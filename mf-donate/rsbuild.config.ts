import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationDefaults, type ExposedPageKey } from '@party/shared-contracts';
import packageJson from './package.json' with { type: 'json' };

const exposes = {
  './Donate': './src/routes/Donate.tsx',
} satisfies Record<ExposedPageKey<'mf-donate'>, string>;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      {
        ...federationDefaults,
        name: 'mf-donate',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-donate' },
        // The shell provides the federation runtime; the remote entry stays small.
        experiments: { ...federationDefaults.experiments, externalRuntime: true },
      },
      { environment: 'federation' },
    ),
  ],
  source: {
    define: { 'process.env.REMOTE_RELEASE': JSON.stringify(process.env.REMOTE_RELEASE ?? packageJson.version) },
  },
  resolve: { conditionNames: ['@party/source', '...'] },
  output: { legalComments: 'none' },
  environments: {
    federation: {
      source: { entry: { 'federation-entry': './src/federation-entry.ts' } },
      tools: { htmlPlugin: false },
      // Chunks resolve against wherever remoteEntry.js was served from, not the host's origin.
      output: { assetPrefix: 'auto', distPath: { root: process.env.REMOTE_DIST_DIR ?? 'dist' } },
    },
    standalone: {
      source: { entry: { index: './src/standalone.tsx' } },
      html: { template: './src/index.html' },
      output: { distPath: { root: 'dist-standalone' } },
    },
  },
  server: { port: 3003, cors: true },
});
