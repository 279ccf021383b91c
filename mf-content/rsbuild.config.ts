import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationDefaults, type ExposedPageKey } from '@party/shared-contracts';
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

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      {
        ...federationDefaults,
        name: 'mf-content',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-content' },
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
  server: { port: 3001, cors: true },
});
