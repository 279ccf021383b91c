/**
 * How ETH is sent on a network: natively, or as an ERC-20 token where the native coin is not ETH
 * (on Polygon PoS it is POL, so ETH travels as bridged WETH).
 */
export type DonationAsset = { kind: 'native' } | { kind: 'erc20'; symbol: string; address: string; decimals: 18 };

export interface DonationNetwork {
  chainId: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: 18 };
  asset: DonationAsset;
  /** Where donations arrive: a checksummed address, checked when mf-donate is built. */
  receivingAddress: string;
  /** The transaction page of the network's public block explorer, without the hash. */
  explorerTxUrl: string;
  /** Offered to a wallet that does not know the network yet (`wallet_addEthereumChain`). */
  rpcUrls: readonly string[];
  /** Only in builds that enable the local development chain. */
  development?: boolean;
}

export const donationNetworks: readonly DonationNetwork[] = [
  {
    chainId: 1,
    name: 'Ethereum Mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    receivingAddress: '0x7c1A5dEc2b95f4E0aA375ad9C6b4C2Aa714d4A09',
    explorerTxUrl: 'https://etherscan.io/tx/',
    rpcUrls: ['https://ethereum-rpc.publicnode.com'],
  },
  {
    chainId: 42161,
    name: 'Arbitrum One',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    receivingAddress: '0x60578d37e61b10D3e052DFD5348D3D8F5aE21a73',
    explorerTxUrl: 'https://arbiscan.io/tx/',
    rpcUrls: ['https://arb1.arbitrum.io/rpc'],
  },
  {
    chainId: 137,
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    asset: { kind: 'erc20', symbol: 'WETH', address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', decimals: 18 },
    receivingAddress: '0xb215C72fF1EC9f2B40A21a08f825cfCafAC99cd5',
    explorerTxUrl: 'https://polygonscan.com/tx/',
    rpcUrls: ['https://polygon-rpc.com'],
  },
  {
    chainId: 31337,
    name: 'Local development chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    asset: { kind: 'native' },
    receivingAddress: '0x02e4698646962d363Bacf618C21cB60aece70624',
    explorerTxUrl: '',
    rpcUrls: ['http://127.0.0.1:8545'],
    development: true,
  },
];
