import type { FaqEntry } from '@party/shared-ui';

export interface Blurb {
  title: string;
  text: string;
}

export const donationBenefits: readonly Blurb[] = [
  {
    title: 'Global access',
    text: 'Give from anywhere with a browser wallet: no bank, no card network, no borders.',
  },
  {
    title: 'Transparency',
    text: 'Every donation is public on the blockchain. Check our receiving address and see exactly what arrived.',
  },
  {
    title: 'Lower fees',
    text: 'No payment processor takes a cut. On Arbitrum and Polygon the network fee is a few cents.',
  },
];

export const donationFaq: readonly FaqEntry[] = [
  {
    id: 'accepted-coins',
    question: 'Which coins do you accept?',
    answer:
      'ETH only: on Ethereum Mainnet and Arbitrum One as the network’s own coin, and on Polygon as WETH, the bridged ETH token. Polygon’s own coin is POL, worth far less than ETH, so this page never sends POL: the amounts you choose are always ETH.',
  },
  {
    id: 'wallet-connection',
    question: 'How do I connect my wallet?',
    answer:
      'Install a browser wallet such as MetaMask, Rabby or Coinbase Wallet, then press Connect Wallet. Your wallet asks you to approve the connection; we only ever see your public address, never your keys. You can disconnect at any time.',
  },
  {
    id: 'tax',
    question: 'Is my donation tax-deductible?',
    answer: 'No. Donations to a political party are not tax-deductible.',
  },
  {
    id: 'verify',
    question: 'How can I verify my donation?',
    answer:
      'After the network confirms it, this page shows your transaction hash with a link to the network’s public block explorer. Anyone can look the hash up there and see the amount, the sender and our receiving address.',
  },
];
