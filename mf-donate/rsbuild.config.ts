import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { getAddress } from 'ethers';
import type { ExposedPageKey } from '@party/shared-contracts';
import { federationOptions, pluginPrecompress, remoteBuildOptions } from '@party/shared-contracts/build';
import packageJson from './package.json' with { type: 'json' };
import { donationNetworks } from './src/features/networks/donation-networks';

const exposes = {
  './Donate': './src/routes/Donate.tsx',
} satisfies Record<ExposedPageKey<'mf-donate'>, string>;

// A receiving address with a typo must never ship: each must be a valid, checksummed address.
for (const network of donationNetworks) {
  if (getAddress(network.receivingAddress) !== network.receivingAddress) {
    throw new Error(`The receiving address for ${network.name} is not checksummed: ${network.receivingAddress}`);
  }
}

export default defineConfig(({ command }) => {
  const build = remoteBuildOptions({
    command,
    port: 3003,
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
          name: 'mf-donate',
          exposes,
          // The name has a hyphen, so the container is a property of the global object, not a variable.
          library: { type: 'global', name: 'mf-donate' },
        },
        { environment: 'federation' },
      ),
    ],
    ...build,
    source: {
      ...build.source,
      // DONATE_LOCAL_CHAIN=true also accepts the local development chain (31337).
      define: { ...build.source.define, 'process.env.DONATE_LOCAL_CHAIN': JSON.stringify(process.env.DONATE_LOCAL_CHAIN ?? 'false') },
    },
  };
});
