import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginPrecompress } from '@party/shared-contracts/build';
import { federationOptions, frontEndConditionNames, PARTY_NAME } from '@party/shared-contracts';

const gateway = process.env.GATEWAY_DEV_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginPrecompress(),
    // No remotes at build time: the registry document names them at run time.
    pluginModuleFederation({
      ...federationOptions(command, 'provide'),
      name: 'shell',
      remotes: {},
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { conditionNames: frontEndConditionNames(command) },
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
