import type { RsbuildConfig, RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  builtInRemotes,
  isBuiltInRemoteName,
  ROUTES_FILE,
  routeProblems,
  type RemoteName,
  type RemoteRoute,
} from '@party/shared-contracts';
import { federationOptions } from './federation-options.js';
import { remoteBuildOptions } from './front-end-build.js';
import { pluginPrecompress } from './precompress.js';
import { readBuildVariables } from './build-variables.js';

export interface RemoteConfig {
  /** The remote's Module Federation name (`mf-content`). */
  name: RemoteName;
  /** The pages it serves: each `page` is exposed as `./<page>` from `src/routes/<page>.tsx`. */
  routes: readonly RemoteRoute[];
  /** Its widgets for other remotes' pages: exposed key (`./NewsletterSignup`) to source file. */
  widgets?: Record<string, string>;
  /** Its dev server's port. */
  port: number;
  /** Its package.json: the version labels a build made outside `publish`, the dependencies decide the shared singletons. */
  packageJson: { version: string; dependencies: Readonly<Record<string, string>> };
  /** Compile-time constants of its own, beside the release label. */
  define?: Record<string, string>;
}

/**
 * Writes the routes a release serves beside its manifest (`routes.json`): the gateway records them
 * at publish and the shell routes by them, so that a new page is a release of its remote alone.
 */
function pluginRouteTable(routes: readonly RemoteRoute[]): RsbuildPlugin {
  return {
    name: 'party:route-table',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: ['federation'] }, ({ compilation, sources }) => {
        compilation.emitAsset(ROUTES_FILE, new sources.RawSource(`${JSON.stringify(routes, null, 2)}\n`));
      });
    },
  };
}

/**
 * A remote's whole Rsbuild configuration, the same for every remote but for what RemoteConfig
 * names: its federation container, server and standalone builds (see remoteBuildOptions) and its
 * route table, with the build variables (build-variables.ts). A route of one of the repository's
 * remotes outside its prefixes stops the build.
 */
export function remoteRsbuildConfig({ name, routes, widgets = {}, port, packageJson, define = {} }: RemoteConfig) {
  const pages = [...new Set(routes.map((route) => route.page))];
  // A remote added to the registry since is checked against its definition there, when published.
  const problems = isBuiltInRemoteName(name) ? routeProblems(name, routes, builtInRemotes) : [];
  if (problems.length > 0) throw new Error(`${name}'s routes: ${problems.join('; ')}.`);
  const exposes = { ...Object.fromEntries(pages.map((page) => [`./${page}`, `./src/routes/${page}.tsx`])), ...widgets };
  return ({ command }: { command: string }): RsbuildConfig => {
    const variables = readBuildVariables();
    const build = remoteBuildOptions({
      command,
      port,
      release: variables.REMOTE_RELEASE ?? packageJson.version,
      distDir: variables.REMOTE_DIST_DIR,
      gatewayUrl: variables.GATEWAY_DEV_URL,
    });
    return {
      plugins: [
        pluginReact(),
        pluginPrecompress(),
        pluginRouteTable(routes),
        pluginModuleFederation(
          {
            ...federationOptions(command, 'consume', packageJson.dependencies),
            name,
            exposes,
            // The name has a hyphen, so the container is a property of the global object, not a variable.
            library: { type: 'global', name },
          },
          { environment: 'federation' },
        ),
      ],
      ...build,
      source: { ...build.source, define: { ...build.source.define, ...define } },
    };
  };
}
