import { id } from 'ethers';
import { minedTransfer, refusalOf, requestedTransfer } from './transfer-check.js';

const WETH = {
  kind: 'erc20' as const,
  symbol: 'WETH',
  address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619',
  decimals: 18 as const,
};
const DONOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const PARTY = '0xb215c72ff1ec9f2b40a21a08f825cfcafac99cd5';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
const transferCall = (to: string, amount: bigint) => `0xa9059cbb${word(to)}${word(amount.toString(16))}`;

describe('the transfer a transaction makes', () => {
  it('reads a WETH transfer call, and nothing from another contract or function', () => {
    const tx = { from: DONOR, to: WETH.address, value: 0n, data: transferCall(PARTY, 5n) };
    expect(requestedTransfer(tx, WETH)).toEqual({ from: DONOR, to: PARTY, amountWei: 5n });
    expect(requestedTransfer({ ...tx, to: PARTY }, WETH)).toBeNull();
    expect(requestedTransfer({ ...tx, data: `0x23b872dd${tx.data.slice(10)}` }, WETH)).toBeNull();
  });

  it('reads a mined WETH transfer from its Transfer log to the party, and none from a failed one', () => {
    const tx = { from: DONOR, to: WETH.address, value: 0n, data: transferCall(PARTY, 5n) };
    const log = {
      address: WETH.address,
      topics: [id('Transfer(address,address,uint256)'), `0x${word(DONOR)}`, `0x${word(PARTY)}`],
      data: `0x${word('5')}`,
    };
    expect(minedTransfer({ status: 1, logs: [log] }, tx, WETH, PARTY)).toEqual({
      from: DONOR,
      to: PARTY,
      amountWei: 5n,
    });
    expect(minedTransfer({ status: 1, logs: [{ ...log, address: PARTY }] }, tx, WETH, PARTY)).toBeNull();
    expect(minedTransfer({ status: 0, logs: [log] }, tx, WETH, PARTY)).toBeNull();
  });

  it('names what differs from the pledge: the recipient first, then the sender, then the amount', () => {
    const pledged = { from: DONOR, to: PARTY, amountWei: 5n };
    expect(refusalOf(pledged, pledged)).toBeNull();
    expect(refusalOf(null, pledged)).toBe('wrong-recipient');
    expect(refusalOf({ ...pledged, from: PARTY }, pledged)).toBe('wrong-sender');
    expect(refusalOf({ ...pledged, amountWei: 6n }, pledged)).toBe('wrong-amount');
  });
});
