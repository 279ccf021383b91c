import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@party/remote-build';
import packageJson from './package.json' with { type: 'json' };
import { contentRoutes } from './src/routes/route-table';

export default defineConfig(
  remoteRsbuildConfig({ name: 'mf-content', routes: contentRoutes, port: 3001, packageJson }),
);
