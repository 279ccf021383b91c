import type { JsonRpcSigner, TransactionResponse } from 'ethers';
import type { DonationNetwork } from '@party/shared-contracts';

const ERC20_TRANSFER = ['function transfer(address to, uint256 amount) returns (bool)'];

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
  const { Contract, parseEther } = await import('ethers');
  const value = parseEther(amountEth);
  const transaction: TransactionResponse =
    network.asset.kind === 'native'
      ? await signer.sendTransaction({ to: network.receivingAddress, value })
      : await new Contract(network.asset.address, ERC20_TRANSFER, signer).getFunction('transfer')(network.receivingAddress, value);
  return {
    hash: transaction.hash,
    confirmed: transaction.wait(1).then((receipt) => {
      if (receipt?.status !== 1) throw new Error('The transaction was not confirmed by the network.');
    }),
  };
}
