/**
 * How ETH is sent on a network: natively, or as an ERC-20 token where the native coin is not ETH
 * (on Polygon PoS it is POL, so ETH travels as bridged WETH).
 */
export type DonationAsset = { kind: 'native' } | { kind: 'erc20'; symbol: string; address: string; decimals: 18 };

/**
 * What is true of a network wherever the party runs: its name, coin, how ETH travels on it, its
 * explorer. Which networks are accepted, and where donations arrive, are the gateway's donation
 * rules (configuration), never part of a bundle.
 */
export interface DonationNetwork {
  chainId: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: 18 };
  asset: DonationAsset;
  /** The transaction page of the network's public block explorer, without the hash; empty for none. */
  explorerTxUrl: string;
  /** Offered to a wallet that does not know the network yet (`wallet_addEthereumChain`). */
  walletRpcUrls: readonly string[];
  /** A chain that exists only on a developer's or a test's machine. */
  development?: boolean;
}

export const donationNetworks: readonly DonationNetwork[] = [
  {
    chainId: 1,
    name: 'Ethereum Mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    explorerTxUrl: 'https://etherscan.io/tx/',
    walletRpcUrls: ['https://ethereum-rpc.publicnode.com'],
  },
  {
    chainId: 42161,
    name: 'Arbitrum One',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    explorerTxUrl: 'https://arbiscan.io/tx/',
    walletRpcUrls: ['https://arb1.arbitrum.io/rpc'],
  },
  {
    chainId: 137,
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    asset: { kind: 'erc20', symbol: 'WETH', address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', decimals: 18 },
    explorerTxUrl: 'https://polygonscan.com/tx/',
    walletRpcUrls: ['https://polygon-rpc.com'],
  },
  {
    chainId: 31337,
    name: 'Local development chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    explorerTxUrl: '',
    walletRpcUrls: ['http://127.0.0.1:8545'],
    development: true,
  },
];

export function donationNetwork(chainId: number | null | undefined): DonationNetwork | undefined {
  return donationNetworks.find((network) => network.chainId === chainId);
}

/** The transaction's page on the network's public explorer; none for a local chain. */
export function explorerTxUrl(chainId: number, hash: string): string | undefined {
  const network = donationNetwork(chainId);
  return network?.explorerTxUrl ? `${network.explorerTxUrl}${hash}` : undefined;
}
