import { Interface } from 'ethers';
import { erc20TransferData } from './send-donation';

describe('erc20TransferData', () => {
  it('encodes transfer(to, amount) exactly as ethers’ ABI coder does', () => {
    const to = '0xb215C72fF1EC9f2B40A21a08f825cfCafAC99cd5';
    const amount = 50_000_000_000_000_000n;
    const reference = new Interface(['function transfer(address to, uint256 amount) returns (bool)']).encodeFunctionData('transfer', [to, amount]);
    expect(erc20TransferData(to, amount)).toBe(reference);
  });
});
