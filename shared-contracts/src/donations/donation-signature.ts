import { PARTY_NAME } from '../party.js';

/**
 * What a donor's wallet signs before it is asked to send (EIP-712 typed data): a statement in
 * words, the pledge, the receiving address, the amount in wei and the keccak-256 digest of the
 * declaration, on the pledge's network. The gateway builds it from the pledge it stored, hands it
 * to the page to sign, and verifies the signature against the same: only the wallet's keys can make
 * a declaration speak for that wallet (decision 0034).
 */
export const donationPledgeTypes = {
  DonationPledge: [
    { name: 'statement', type: 'string' },
    { name: 'pledge', type: 'string' },
    { name: 'recipient', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'declaration', type: 'bytes32' },
  ],
};

export interface DonationPledgeMessage {
  statement: string;
  pledge: string;
  recipient: string;
  /** Wei, in decimal digits (JSON has no 256-bit integers). */
  amount: string;
  declaration: string;
}

export interface DonationPledgeTypedData {
  domain: { name: string; version: string; chainId: number };
  types: typeof donationPledgeTypes;
  primaryType: 'DonationPledge';
  message: DonationPledgeMessage;
}

export interface SignedPledgeFacts {
  pledge: string;
  chainId: number;
  recipient: string;
  amountWei: bigint;
  /** The amount as the donor reads it, e.g. `0.05`. */
  amountEth: string;
  /** The declared full name, when the donor declared one. */
  donor: string | null;
  declarationDigest: string;
}

export function donationPledgeTypedData({
  pledge,
  chainId,
  recipient,
  amountWei,
  amountEth,
  donor,
  declarationDigest,
}: SignedPledgeFacts): DonationPledgeTypedData {
  const giver = donor ? `I, ${donor}, give` : 'I give';
  return {
    domain: { name: PARTY_NAME, version: '1', chainId },
    types: donationPledgeTypes,
    primaryType: 'DonationPledge',
    message: {
      statement: `${giver} ${amountEth} ETH of my own, from this wallet, which I control, to ${PARTY_NAME}.${donor ? ' The declaration I made on its website is true.' : ''}`,
      pledge,
      recipient,
      amount: amountWei.toString(),
      declaration: declarationDigest,
    },
  };
}

/** The JSON a wallet's `eth_signTypedData_v4` takes: the same, with the domain's own type spelt out. */
export function walletTypedData(typedData: DonationPledgeTypedData): string {
  const EIP712Domain = [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
  ];
  return JSON.stringify({ ...typedData, types: { EIP712Domain, ...typedData.types } });
}
