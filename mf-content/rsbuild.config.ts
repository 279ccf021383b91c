import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationOptions, remoteDevServer, type ExposedPageKey } from '@party/shared-contracts';
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

// Two builds: `federation` is the remote the shell loads; `standalone` is a plain page harness so
// that the team can work without the shell (see docs/decisions/0003).
export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      {
        ...federationOptions(command, 'consume'),
        name: 'mf-content',
        exposes,
        // The name has a hyphen, so the container is a property of the global object, not a variable.
        library: { type: 'global', name: 'mf-content' },
      },
      { environment: 'federation' },
    ),
  ],
  source: {
    define: { 'process.env.REMOTE_RELEASE': JSON.stringify(process.env.REMOTE_RELEASE ?? packageJson.version) },
  },
  // '@party/source' takes shared-contracts from source (no build step in dev); the rest are the
  // bundler's usual conditions, which a custom list replaces rather than extends.
  resolve: {
    conditionNames: ['@party/source', 'browser', 'import', 'module', 'webpack', command === 'build' ? 'production' : 'development', 'default'],
  },
  output: { legalComments: 'none' },
  environments: {
    federation: {
      source: { entry: { 'federation-entry': './src/federation-entry.ts' } },
      tools: { htmlPlugin: false },
      // Hot module replacement of a remote inside the shell's page does not apply; a full reload
      // of the page after each rebuild does. The standalone harness keeps hot replacement.
      dev: { hmr: false, liveReload: true },
      // Chunks resolve against wherever the remote entry was served from, not the host's origin.
      output: { assetPrefix: 'auto', distPath: { root: process.env.REMOTE_DIST_DIR ?? 'dist' } },
    },
    standalone: {
      source: { entry: { index: './src/standalone.tsx' } },
      html: { template: './src/index.html' },
      output: { distPath: { root: 'dist-standalone' } },
    },
  },
  server: remoteDevServer(3001),
}));
