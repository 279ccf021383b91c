import { callTreeTransfers, parityTraceTransfers } from './chain-reader.js';

const PARTY = '0xb215c72ff1ec9f2b40a21a08f825cfcafac99cd5';
const SAFE = '0x000000000000000000000000000000000000beef';
const DONOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('internal transfers from a trace', () => {
  it('reads the value calls inside a Geth call tree, below the transaction, and none under a failed call', () => {
    const tree = {
      from: DONOR,
      to: SAFE,
      value: '0x0',
      calls: [
        { from: SAFE, to: PARTY, value: '0x10' },
        { from: SAFE, to: '0x0000000000000000000000000000000000000001', value: '0x0' },
        {
          from: SAFE,
          to: PARTY,
          value: '0x20',
          error: 'out of gas',
          calls: [{ from: PARTY, to: PARTY, value: '0x30' }],
        },
      ],
    };
    expect(callTreeTransfers('0xaa', tree)).toEqual([{ txHash: '0xaa', from: SAFE, to: PARTY, amountWei: 16n }]);
    expect(callTreeTransfers('0xaa', { ...tree, error: 'execution reverted' })).toEqual([]);
  });

  it('reads Parity/Erigon traces the same way, leaving out the transactions themselves and those that failed', () => {
    const traces = [
      { type: 'call', action: { from: DONOR, to: SAFE, value: '0x10' }, traceAddress: [], transactionHash: '0xaa' },
      { type: 'call', action: { from: SAFE, to: PARTY, value: '0x10' }, traceAddress: [0], transactionHash: '0xaa' },
      {
        type: 'call',
        action: { from: DONOR, to: SAFE, value: '0x5' },
        traceAddress: [],
        transactionHash: '0xbb',
        error: 'Reverted',
      },
      { type: 'call', action: { from: SAFE, to: PARTY, value: '0x5' }, traceAddress: [0], transactionHash: '0xbb' },
    ];
    expect(parityTraceTransfers(traces)).toEqual([{ txHash: '0xaa', from: SAFE, to: PARTY, amountWei: 16n }]);
  });
});
