import { defineConfig } from '@rsbuild/core';
import type { ExposedPageKey } from '@party/shared-contracts';
import { remoteRsbuildConfig } from '@party/shared-contracts/build';
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

export default defineConfig(remoteRsbuildConfig({ name: 'mf-content', exposes, port: 3001, packageJson }));
