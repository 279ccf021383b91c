import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { participationRoutes } from './src/routes/route-table';

export default defineConfig(
  remoteRsbuildConfig({
    name: 'mf-participation',
    routes: participationRoutes,
    port: 3004,
    packageJson,
  }),
);
