import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationOptions, remoteBuildOptions, type ExposedPageKey } from '@party/shared-contracts';
import packageJson from './package.json' with { type: 'json' };

const exposes = {
  './Donate': './src/routes/Donate.tsx',
} satisfies Record<ExposedPageKey<'mf-donate'>, string>;

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      {
        ...federationOptions(command, 'consume'),
        name: 'mf-donate',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-donate' },
      },
      { environment: 'federation' },
    ),
  ],
  ...remoteBuildOptions({
    command,
    port: 3003,
    release: process.env.REMOTE_RELEASE ?? packageJson.version,
    distDir: process.env.REMOTE_DIST_DIR,
    gatewayUrl: process.env.GATEWAY_DEV_URL,
  }),
}));
