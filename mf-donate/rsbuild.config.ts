import { defineConfig } from '@rsbuild/core';
import { getAddress } from 'ethers';
import { remoteRsbuildConfig } from '@party/shared-contracts/build';
import packageJson from './package.json' with { type: 'json' };
import { donateRoutes } from './src/routes/route-table';
import { donationNetworks } from './src/features/networks/donation-networks';

// A receiving address with a typo must never ship: each must be a valid, checksummed address.
for (const network of donationNetworks) {
  if (getAddress(network.receivingAddress) !== network.receivingAddress) {
    throw new Error(`The receiving address for ${network.name} is not checksummed: ${network.receivingAddress}`);
  }
}

export default defineConfig(
  remoteRsbuildConfig({
    name: 'mf-donate',
    routes: donateRoutes,
    port: 3003,
    packageJson,
    // DONATE_LOCAL_CHAIN=true also accepts the local development chain (31337).
    define: { 'process.env.DONATE_LOCAL_CHAIN': JSON.stringify(process.env.DONATE_LOCAL_CHAIN ?? 'false') },
  }),
);
