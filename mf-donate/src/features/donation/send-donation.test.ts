import { Interface } from 'ethers';
import { erc20BalanceOfData, erc20TransferData } from './send-donation';

describe('the ERC-20 calls', () => {
  const erc20 = new Interface([
    'function transfer(address to, uint256 amount) returns (bool)',
    'function balanceOf(address owner) view returns (uint256)',
  ]);
  const address = '0xb215C72fF1EC9f2B40A21a08f825cfCafAC99cd5';

  it('encode transfer(to, amount) and balanceOf(owner) exactly as ethers’ ABI coder does', () => {
    const amount = 50_000_000_000_000_000n;
    expect(erc20TransferData(address, amount)).toBe(erc20.encodeFunctionData('transfer', [address, amount]));
    expect(erc20BalanceOfData(address)).toBe(erc20.encodeFunctionData('balanceOf', [address]));
  });
});
