import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { donateRoutes } from './src/routes/route-table';

export default defineConfig(
  remoteRsbuildConfig({
    name: 'mf-donate',
    routes: donateRoutes,
    port: 3003,
    packageJson,
  }),
);
