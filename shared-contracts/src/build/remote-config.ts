import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationOptions } from './federation-options.js';
import { remoteBuildOptions } from './front-end-build.js';
import { pluginPrecompress } from './precompress.js';

export interface RemoteConfig {
  /** The remote's Module Federation name (`mf-content`). */
  name: string;
  /** Its exposed modules: key to source file. */
  exposes: Record<string, string>;
  /** Its dev server's port. */
  port: number;
  /** Its package.json: the version labels a build made outside `publish`, the dependencies decide the shared singletons. */
  packageJson: { version: string; dependencies: Readonly<Record<string, string>> };
  /** Compile-time constants of its own, beside the release label. */
  define?: Record<string, string>;
}

/**
 * A remote's whole Rsbuild configuration, the same for every remote but for what RemoteConfig
 * names: its federation container, server and standalone builds (see remoteBuildOptions). The
 * release tool sets REMOTE_RELEASE and REMOTE_DIST_DIR; the dev servers' gateway is GATEWAY_DEV_URL.
 */
export function remoteRsbuildConfig({ name, exposes, port, packageJson, define = {} }: RemoteConfig) {
  return ({ command }: { command: string }): RsbuildConfig => {
    const build = remoteBuildOptions({
      command,
      port,
      release: process.env.REMOTE_RELEASE ?? packageJson.version,
      distDir: process.env.REMOTE_DIST_DIR,
      gatewayUrl: process.env.GATEWAY_DEV_URL,
    });
    return {
      plugins: [
        pluginReact(),
        pluginPrecompress(),
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
