import { fakeGateway } from '@party/remote-test-kit';
import { requestPledge, reportDonation, sendSignature } from './donation-api';

/** The gateway answering each request in turn with these, at once: its requests. */
const answers = (...responses: Array<[number, unknown] | Error>) => {
  const gateway = fakeGateway(
    ...responses.map((answer) => (answer instanceof Error ? answer : { status: answer[0], body: answer[1] })),
  );
  gateway.respond();
  return gateway.requests;
};

const pledge = {
  chainId: 1,
  sender: `0x${'1'.repeat(40)}`,
  amountEth: '0.1',
} as unknown as Parameters<typeof requestPledge>[0];

describe('the donation API', () => {
  it('reads a pledge’s answer by what the gateway said: accepted, a declaration needed, fields refused, or refused', async () => {
    const typedData = { domain: {}, types: {}, primaryType: 'Pledge', message: {} };
    answers([201, { pledge: 'p1', typedData }]);
    await expect(requestPledge(pledge)).resolves.toEqual({ kind: 'pledged', pledge: 'p1', typedData });
    answers([422, { declarationRequired: true, message: 'Above £500 we need your name and address.' }]);
    await expect(requestPledge(pledge)).resolves.toEqual({
      kind: 'declaration-required',
      message: 'Above £500 we need your name and address.',
    });
    answers([400, { message: 'Check the form.', fieldErrors: { amountEth: 'Enter an amount' } }]);
    await expect(requestPledge(pledge)).resolves.toEqual({
      kind: 'invalid',
      fieldErrors: { amountEth: 'Enter an amount' },
    });
    answers([409, { message: 'This donation would pass your yearly cap.' }]);
    await expect(requestPledge(pledge)).resolves.toEqual({
      kind: 'refused',
      message: 'This donation would pass your yearly cap.',
    });
    answers(new TypeError('Failed to fetch'));
    await expect(requestPledge(pledge)).resolves.toEqual({
      kind: 'refused',
      message: 'Failed to process your donation. Please try again.',
    });
  });

  it('sends the wallet’s signature, and says why the gateway refused it', async () => {
    answers([204, undefined]);
    await expect(sendSignature('p1', '0xabc')).resolves.toEqual({ kind: 'signed' });
    answers([400, { message: 'That signature is not the wallet’s.' }]);
    await expect(sendSignature('p1', '0xabc')).resolves.toEqual({
      kind: 'refused',
      message: 'That signature is not the wallet’s.',
    });
  });

  it('reports a donation again while offline or the gateway is busy, three times in all, but not once refused', async () => {
    const receipt = { status: 'pending', txHash: '0x1', notice: null };
    const busy = answers(new TypeError('Failed to fetch'), [503, { message: 'Busy.' }], [201, receipt]);
    const report = { pledge: 'p1', txHash: '0x1' } as unknown as Parameters<typeof reportDonation>[0];
    await expect(reportDonation(report, 0)).resolves.toEqual({ kind: 'recorded', receipt });
    expect(busy).toHaveLength(3);
    const refused = answers([409, { message: 'That transaction is recorded for another pledge.' }]);
    await expect(reportDonation(report, 0)).resolves.toEqual({
      kind: 'not-recorded',
      message: 'That transaction is recorded for another pledge.',
    });
    expect(refused).toHaveLength(1);
    answers(...[1, 2, 3].map(() => [503, {}] as [number, unknown]));
    await expect(reportDonation(report, 0)).resolves.toEqual({
      kind: 'not-recorded',
      message: 'We could not record your donation just now.',
    });
  });
});
