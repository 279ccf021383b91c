import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationDefaults, PARTY_NAME } from '@party/shared-contracts';

const gateway = process.env.GATEWAY_DEV_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    pluginReact(),
    // No remotes at build time: the registry document names them at run time.
    pluginModuleFederation({
      ...federationDefaults,
      name: 'shell',
      remotes: {},
      // The remotes are built with externalRuntime: the shell provides the one federation runtime.
      experiments: { ...federationDefaults.experiments, provideExternalRuntime: true },
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { conditionNames: ['@party/source', '...'] },
  html: {
    template: './src/index.html',
    title: PARTY_NAME,
  },
  output: { distPath: { root: 'dist' }, legalComments: 'none' },
  server: {
    port: 3000,
    proxy: { '/api': gateway, '/remotes.json': gateway },
  },
});
