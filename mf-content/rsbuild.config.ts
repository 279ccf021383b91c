import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { ExposedPageKey } from '@party/shared-contracts';
import { federationOptions, pluginPrecompress, remoteBuildOptions } from '@party/shared-contracts/build';
import packageJson from './package.json' with { type: 'json' };

const exposes = {
  './Home': './src/routes/Home.tsx',
  './About': './src/routes/About.tsx',
  './Policy': './src/routes/Policy.tsx',
  './Leadership': './src/routes/Leadership.tsx',
  './News': './src/routes/News.tsx',
  './NewsArticle': './src/routes/NewsArticle.tsx',
  './Events': './src/routes/Events.tsx',
  './EventDetail': './src/routes/EventDetail.tsx',
  './Manifesto': './src/routes/Manifesto.tsx',
  './GetInvolved': './src/routes/GetInvolved.tsx',
  './Privacy': './src/routes/Privacy.tsx',
  './Terms': './src/routes/Terms.tsx',
  './Careers': './src/routes/Careers.tsx',
} satisfies Record<ExposedPageKey<'mf-content'>, string>;

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginPrecompress(),
    pluginModuleFederation(
      {
        ...federationOptions(command, 'consume', packageJson.dependencies),
        name: 'mf-content',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-content' },
      },
      { environment: 'federation' },
    ),
  ],
  ...remoteBuildOptions({
    command,
    port: 3001,
    release: process.env.REMOTE_RELEASE ?? packageJson.version,
    distDir: process.env.REMOTE_DIST_DIR,
    gatewayUrl: process.env.GATEWAY_DEV_URL,
  }),
}));
