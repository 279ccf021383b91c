// For `npm run bench:pages`: the same pages built as one React app, the yardstick the composed site's
// JavaScript is compared with. The shell's app and the remotes' pages, from their sources, in one
// Rsbuild build with no Module Federation (its runtime is replaced by a module that throws, since one
// app never loads a remote). Written and built under node_modules/.cache, never committed or served.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtInRemoteNames, remoteWidgetIds } from '@party/shared-contracts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** Builds the one-app site into `<dir>/dist` and returns that folder. */
export function buildOneApp(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  const from = (file) => JSON.stringify(path.join(repositoryRoot, file));
  const routes = Object.fromEntries(
    builtInRemoteNames.map((remote) => [
      remote,
      JSON.parse(fs.readFileSync(path.join(repositoryRoot, remote, 'dist/routes.json'), 'utf8')),
    ]),
  );
  const pages = Object.entries(routes).flatMap(([remote, declared]) =>
    [...new Set(declared.map((route) => route.page))].map((page) => [
      `${remote}/${page}`,
      `${remote}/src/routes/${page}.tsx`,
    ]),
  );
  const widgetFiles = {
    'mf-engagement/NewsletterSignup': 'mf-engagement/src/features/newsletter/NewsletterSignup.tsx',
    'mf-engagement/EventRegistration': 'mf-engagement/src/features/events/EventRegistrationForm.tsx',
  };
  const modules = [...pages, ...remoteWidgetIds.map((id) => [id, widgetFiles[id]])].map(
    ([id, file]) => `  ${JSON.stringify(id)}: () => import(${from(file)}),`,
  );
  fs.writeFileSync(
    path.join(dir, 'src/index.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { siteRoutesOf } from '@party/shared-contracts';
import { App } from ${from('shell/src/app/App')};
import { listenToShellChannel } from ${from('shell/src/app/listen-to-shell-channel')};
import { createRemoteLoader } from ${from('shell/src/features/remotes/remote-loader')};
import ${from('shell/src/styles/global.css')};

const modules: Record<string, () => Promise<unknown>> = {
${modules.join('\n')}
};
const routes = ${JSON.stringify(routes)};
const registry = { remotes: Object.fromEntries(Object.entries(routes).map(([name, declared]) => [name, { entry: '', version: 'one-app', routes: declared }])) };
const remotes = createRemoteLoader({ source: (id) => modules[id]!() as never });
listenToShellChannel(remotes);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App remotes={remotes} routes={siteRoutesOf(registry as never)} />
    </BrowserRouter>
  </StrictMode>,
);
`,
  );
  // The packages' own compiler settings (verbatim module syntax: type-only imports leave nothing behind).
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(repositoryRoot, 'tsconfig.base.json'), include: ['src'] }),
  );
  fs.writeFileSync(
    path.join(dir, 'src/no-federation.js'),
    "export function loadRemote() { throw new Error('One app loads no remote'); }\nexport function registerRemotes() {}\nexport function registerPlugins() {}\n",
  );
  fs.writeFileSync(
    path.join(dir, 'rsbuild.config.mjs'),
    `import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { frontEndConditionNames } from '@party/remote-build';

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/index.tsx' },
    define: { 'process.env.REMOTE_RELEASE': '"one-app"', 'process.env.SHELL_RELEASE': '"one-app"' },
  },
  resolve: {
    conditionNames: frontEndConditionNames('build'),
    alias: { '@module-federation/enhanced/runtime': './src/no-federation.js' },
  },
  output: { legalComments: 'none' },
});
`,
  );
  execFileSync(process.execPath, [path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
    cwd: dir,
    stdio: 'ignore',
  });
  return path.join(dir, 'dist');
}
