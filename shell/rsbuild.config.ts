import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationOptions, PARTY_NAME } from '@party/shared-contracts';

const gateway = process.env.GATEWAY_DEV_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    // No remotes at build time: the registry document names them at run time.
    pluginModuleFederation({
      ...federationOptions(command, 'provide'),
      name: 'shell',
      remotes: {},
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  // '@party/source' takes shared-contracts from source (no build step in dev); the rest are the
  // bundler's usual conditions, which a custom list replaces rather than extends.
  resolve: {
    conditionNames: ['@party/source', 'browser', 'import', 'module', 'webpack', command === 'build' ? 'production' : 'development', 'default'],
  },
  html: {
    template: './src/index.html',
    title: PARTY_NAME,
  },
  output: { distPath: { root: 'dist' }, legalComments: 'none' },
  server: {
    port: 3000,
    proxy: { '/api': gateway, '/remotes.json': gateway },
  },
}));
