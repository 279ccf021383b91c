import { donationNetworks, type DonationNetwork } from './donation-networks';

/** The networks this build accepts donations on; the local chain only when the build enables it. */
export const enabledNetworks: readonly DonationNetwork[] = donationNetworks.filter(
  (network) => !network.development || process.env.DONATE_LOCAL_CHAIN === 'true',
);

export function findNetwork(chainId: number | null): DonationNetwork | undefined {
  return enabledNetworks.find((network) => network.chainId === chainId);
}

/** The transaction's page on the network's public explorer; none for the local chain. */
export function explorerUrl(network: DonationNetwork | undefined, hash: string): string | undefined {
  return network?.explorerTxUrl ? `${network.explorerTxUrl}${hash}` : undefined;
}
