import type { JsonRpcSigner } from 'ethers';
import type { DonationNetwork } from '@party/shared-contracts';

/** `transfer(address,uint256)`, encoded by hand: ethers' ABI coder would add ~40 kB gz for one call. */
const TRANSFER_SELECTOR = '0xa9059cbb';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

export function erc20TransferData(to: string, amount: bigint): string {
  return `${TRANSFER_SELECTOR}${word(to.toLowerCase())}${word(amount.toString(16))}`;
}

export interface DonationSent {
  hash: string;
  /** Resolves once the transaction has one confirmation; rejects if it reverted. */
  confirmed: Promise<void>;
}

/**
 * Sends `amountEth` to the network's receiving address: a native transfer where ETH is the native
 * coin, a WETH `transfer` where it is not (Polygon). Resolves when the wallet has broadcast it.
 */
export async function sendDonation(signer: JsonRpcSigner, network: DonationNetwork, amountEth: string): Promise<DonationSent> {
  const { parseEther } = await import('../wallet/ethers-subset');
  const value = parseEther(amountEth);
  const transaction = await signer.sendTransaction(
    network.asset.kind === 'native'
      ? { to: network.receivingAddress, value }
      : { to: network.asset.address, data: erc20TransferData(network.receivingAddress, value) },
  );
  return {
    hash: transaction.hash,
    confirmed: transaction.wait(1).then((receipt) => {
      if (receipt?.status !== 1) throw new Error('The transaction was not confirmed by the network.');
    }),
  };
}
