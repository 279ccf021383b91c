import type { JsonRpcSigner } from 'ethers';
import type { AcceptedNetwork } from '../networks/accepted-networks';

// ERC-20 calls encoded by hand: ethers' ABI coder would add ~40 kB gz for two calls.
const TRANSFER_SELECTOR = '0xa9059cbb';
const BALANCE_OF_SELECTOR = '0x70a08231';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

export function erc20TransferData(to: string, amount: bigint): string {
  return `${TRANSFER_SELECTOR}${word(to.toLowerCase())}${word(amount.toString(16))}`;
}

export function erc20BalanceOfData(owner: string): string {
  return `${BALANCE_OF_SELECTOR}${word(owner.toLowerCase())}`;
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
export async function sendDonation(
  signer: JsonRpcSigner,
  network: AcceptedNetwork,
  amountEth: string,
): Promise<DonationSent> {
  const { formatEther, parseEther } = await import('../wallet/ethers-subset');
  const value = parseEther(amountEth);
  if (network.asset.kind === 'erc20') {
    // Say it plainly before the wallet's own, more cryptic refusal.
    const held = BigInt(
      await signer.provider.call({ to: network.asset.address, data: erc20BalanceOfData(signer.address) }),
    );
    if (held < value) {
      throw new Error(
        `Your wallet holds ${formatEther(held)} ${network.asset.symbol} on ${network.name}: not enough for ${amountEth} ETH.`,
      );
    }
  }
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
