import pg from 'pg';
import request from 'supertest';
import { walletTypedData } from '@party/shared-contracts';
import { send, startDonationTestbed, type DonationTestbed } from '../../testing/donation-testbed.js';
import { eventually } from '../../testing/eventually.js';
import {
  LOCAL_ACCOUNTS,
  LOCAL_RECEIVING_ADDRESSES,
  startLocalChain,
  type LocalChain,
} from '../../testing/local-chain.js';
import { testDatabaseKind } from '../../testing/test-databases.js';

// Who may put their name on a gift, and how much one donor may give: a pledge binds a declaration
// to a wallet only with that wallet's signature, is fulfilled only by a transfer from it mined
// after the pledge, and counts toward its donor's cap (by address, person or email) from the
// moment it is made. Local rules: $2,000 an ETH, a $1,000 cap.

let ethereum: LocalChain;
const RECEIVER = LOCAL_RECEIVING_ADDRESSES[31337];
// Each test gives from accounts of its own: the order is random, and a cap counts by address.
const [, STRANGER, B, DONOR, FRONT_RUNNER, W1, W2, W3, W4, W5, W6, W7, W8] = LOCAL_ACCOUNTS;

beforeAll(async () => {
  ethereum = await startLocalChain(31337);
}, 60_000);
afterAll(() => ethereum?.stop());

describe('a declaration bound to its wallet', () => {
  let bed: DonationTestbed;
  beforeAll(async () => {
    bed = await startDonationTestbed([ethereum]);
  });
  afterAll(() => bed.close());

  const nothingRecorded = async (hash: string) => expect(await bed.donation(hash)).toBeUndefined();

  it('refuses a pledge signed by another wallet than it names, and a report of it, recording nothing', async () => {
    await bed.watchAll();
    const transfer = await send(ethereum, B, RECEIVER, '0.02');
    const { body: made } = await bed
      .pledge({ account: B, amountEth: '0.02', declaration: bed.declaration({ fullName: 'Straw Donor' }) })
      .expect(201);
    expect(made.typedData).toMatchObject({
      domain: { chainId: 31337 },
      primaryType: 'DonationPledge',
      message: { pledge: made.pledge, recipient: RECEIVER, amount: '20000000000000000' },
    });
    expect(made.typedData.message.statement).toBe(
      'I, Straw Donor, give 0.02 ETH of my own, from this wallet, which I control, to The Refoundation Party. The declaration I made on its website is true.',
    );

    const signed = await bed.sign(made.pledge, made.typedData, STRANGER);
    expect(signed.status).toBe(422);
    expect(signed.body.message).toMatch(/^This signature is not from the wallet you pledged with \(0x3c44…93bc\)/);
    await bed
      .report(made.pledge, transfer)
      .expect(422, { message: 'This pledge was not signed by the wallet it names. Please start your donation again.' });
    await nothingRecorded(transfer);

    // Once the watcher has recorded the transfer, without a pledge, no report ever claims it.
    await bed.watchAll();
    await bed.report(made.pledge, transfer).expect(409);
    expect(await bed.donation(transfer)).toMatchObject({ pledge_id: null });
  });

  it('refuses a report of a transfer mined before its pledge, even by the wallet that sent it', async () => {
    const transfer = await send(ethereum, B, RECEIVER, '0.03');
    const pledge = await bed.signedPledge({ account: B, amountEth: '0.03' });
    await bed.report(pledge, transfer).expect(422, {
      message:
        'This transaction was sent before your pledge was made, so it cannot fulfil it. If it was a gift, write to us and our treasurer will resolve it.',
    });
    await nothingRecorded(transfer);
  });

  it('refuses a front-runner’s report of a donor’s transaction seen in the mempool; the donor’s own report records it', async () => {
    const donorsPledge = await bed.signedPledge({ account: DONOR, amountEth: '0.04' });
    await ethereum.rpc('evm_setAutomine', [false]);
    try {
      const transfer = await send(ethereum, DONOR, RECEIVER, '0.04');
      // A pledge of the front-runner's own, signed by it: the transaction is not from its wallet.
      const own = await bed.signedPledge({
        account: FRONT_RUNNER,
        amountEth: '0.04',
        declaration: bed.declaration({ fullName: 'Front Runner' }),
      });
      await bed
        .report(own, transfer)
        .expect(422, { message: 'This transaction was not sent from the account you pledged with.' });
      // A pledge naming the donor's wallet, which it cannot sign.
      const { body: claimed } = await bed
        .pledge({ account: DONOR, amountEth: '0.04', declaration: bed.declaration({ fullName: 'Front Runner' }) })
        .expect(201);
      expect((await bed.sign(claimed.pledge, claimed.typedData, FRONT_RUNNER)).status).toBe(422);
      await bed.report(claimed.pledge, transfer).expect(422);
      await nothingRecorded(transfer);

      await bed.report(donorsPledge, transfer).expect(201, { status: 'pending', txHash: transfer });
      await ethereum.rpc('evm_mine');
      await bed.recheckNow();
      expect(await bed.donation(transfer)).toMatchObject({ status: 'confirmed', pledge_id: donorsPledge });
    } finally {
      await ethereum.rpc('evm_setAutomine', [true]);
    }
  });

  it('refuses a signature made for another pledge, one that is not a signature, and a second one; a pledge expires', async () => {
    const { body: first } = await bed.pledge({ account: B, amountEth: '0.05' }).expect(201);
    const { body: second } = await bed.pledge({ account: B, amountEth: '0.05' }).expect(201);
    const signatureOfFirst = await ethereum.rpc<string>('eth_signTypedData_v4', [B, walletTypedData(first.typedData)]);
    expect(
      (await bed.post(`/api/donations/pledges/${second.pledge}/signature`, { signature: signatureOfFirst })).status,
    ).toBe(422);
    await bed
      .post(`/api/donations/pledges/${second.pledge}/signature`, { signature: `0x${'1b'.repeat(65)}` })
      .expect(422);
    await bed.post(`/api/donations/pledges/${second.pledge}/signature`, { signature: '0x1234' }).expect(400);
    await bed.post('/api/donations/pledges/not-a-pledge/signature', { signature: signatureOfFirst }).expect(400);

    expect((await bed.sign(second.pledge, second.typedData, B)).status).toBe(204);
    await bed
      .post(`/api/donations/pledges/${second.pledge}/signature`, { signature: signatureOfFirst })
      .expect(409, { message: 'This pledge is signed already.' });

    await bed.test.db.query('UPDATE donation_pledges SET expires_at = now() WHERE id = $1', [second.pledge]);
    const transfer = await send(ethereum, B, RECEIVER, '0.05');
    await bed.report(second.pledge, transfer).expect(422, {
      message:
        'This pledge expired before its transaction was reported. If you sent it, write to us quoting the transaction and our treasurer will resolve it.',
    });
    const { body: third } = await bed.pledge({ account: B, amountEth: '0.05' }).expect(201);
    await bed.test.db.query('UPDATE donation_pledges SET expires_at = now() WHERE id = $1', [third.pledge]);
    expect((await bed.sign(third.pledge, third.typedData, B)).status).toBe(410);
  });
});

describe.each([testDatabaseKind])('the cap, whatever the order of events, on %s', (kind) => {
  let bed: DonationTestbed;
  beforeAll(async () => {
    bed = await startDonationTestbed([ethereum], { kind });
  });
  afterAll(async () => {
    await ethereum.setPrice(2000);
    await bed.close();
  });

  const refusedOver = (given: string, worth: string, left: string) =>
    given === '$1,000.00'
      ? 'We may accept at most $1,000.00 from one person for the 2026 election, and you have given it. Thank you!'
      : `We may accept at most $1,000.00 from one person for the 2026 election. This donation is worth ${worth} now; you can give up to ${left} more.`;

  it('counts a pledge not yet fulfilled, until it is withdrawn', async () => {
    const person = bed.declaration({ fullName: 'Mary Jackson', postalCode: '23666' });
    const first = await bed.signedPledge({ account: W1, amountEth: '0.3', declaration: person });
    await bed
      .pledge({ account: W1, amountEth: '0.3', declaration: person })
      .expect(409, { message: refusedOver('', '$600.00', '$400.00') });
    await bed.post(`/api/donations/pledges/${first}/withdrawal`, {}).expect(204);
    const again = await bed.signedPledge({ account: W1, amountEth: '0.3', declaration: person });
    await bed.report(again, await send(ethereum, W1, RECEIVER, '0.3')).expect(201);
    await bed
      .post(`/api/donations/pledges/${again}/withdrawal`, {})
      .expect(409, { message: 'This pledge is fulfilled: it cannot be withdrawn.' });
  });

  it('knows one person under another spelling, in look-alike letters, from another wallet, or by their email', async () => {
    const person = bed.declaration({ fullName: 'Grace Hopper', postalCode: '10001', email: 'grace@example.org' });
    const pledge = await bed.signedPledge({ account: W2, amountEth: '0.3', declaration: person });
    await bed.report(pledge, await send(ethereum, W2, RECEIVER, '0.3')).expect(201);
    const over = refusedOver('', '$500.00', '$400.00');
    // Cyrillic "а", "с", "е", "Н" and "о" for the Latin letters, and another wallet.
    await bed
      .pledge({
        account: W3,
        amountEth: '0.25',
        declaration: bed.declaration({ fullName: 'Grасе Нoppеr', postalCode: '10001' }),
      })
      .expect(409, { message: over });
    await bed
      .pledge({
        account: W3,
        amountEth: '0.25',
        declaration: bed.declaration({ fullName: 'GRÂCE  hopper', postalCode: '10 001' }),
      })
      .expect(409, { message: over });
    await bed
      .pledge({
        account: W3,
        amountEth: '0.25',
        declaration: bed.declaration({ fullName: 'Rear Admiral G. M. Hopper', email: 'grace@example.org' }),
      })
      .expect(409, { message: over });
    await bed
      .pledge({
        account: W3,
        amountEth: '0.2',
        declaration: bed.declaration({ fullName: 'Grace Hopper', postalCode: '10001' }),
      })
      .expect(201);
  });

  it('joins a donor’s gifts through any key they share: one wallet under two names joins both names', async () => {
    const ada = bed.declaration({ fullName: 'Ada King', postalCode: '02139' });
    const bob = bed.declaration({ fullName: 'Bob King', postalCode: '02139' });
    await bed
      .report(
        await bed.signedPledge({ account: W4, amountEth: '0.2', declaration: ada }),
        await send(ethereum, W4, RECEIVER, '0.2'),
      )
      .expect(201);
    await bed
      .report(
        await bed.signedPledge({ account: W4, amountEth: '0.15', declaration: bob }),
        await send(ethereum, W4, RECEIVER, '0.15'),
      )
      .expect(201);
    // Bob from another wallet: Bob is W4, and W4 is Ada: $700 given.
    await bed
      .pledge({ account: W5, amountEth: '0.2', declaration: { ...bob, email: 'bob.elsewhere@example.org' } })
      .expect(409, { message: refusedOver('', '$400.00', '$300.00') });
  });

  it('counts each of several pledges made at once: only as many as fit are taken', async () => {
    const person = bed.declaration({ fullName: 'Dorothy Vaughan', postalCode: '23669' });
    const answers = await Promise.all(
      [W6, W7, W8, DONOR, FRONT_RUNNER].map((account) =>
        bed.pledge({
          account,
          amountEth: '0.15',
          declaration: { ...person, email: `${account.slice(2, 8)}@example.org` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409]);
  });

  (kind === 'postgres' ? it : it.skip)(
    'weighs one pledge at a time, whichever gateway takes it: a pledge waits for the cap’s lock',
    async () => {
      const holder = new pg.Client({ connectionString: bed.test.url! });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT pg_advisory_xact_lock(hashtext('donation-cap'))`);
        const pledging = bed.pledge({ account: W1, amountEth: '0.01' }).then((answer) => answer.status);
        await eventually(async () => {
          const { rows } = await holder.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
          return rows.length > 0;
        });
        await holder.query('COMMIT');
        expect(await pledging).toBe(201);
      } finally {
        await holder.end();
      }
    },
  );

  it('checks it again when the gift is reported: valued higher at its block, the excess is the donor’s to have back, and the treasurer is told', async () => {
    const person = bed.declaration({ fullName: 'Annie Easley', postalCode: '44135' });
    const pledge = await bed.signedPledge({ account: STRANGER, amountEth: '0.4', declaration: person });
    await ethereum.setPrice(3000);
    const transfer = await send(ethereum, STRANGER, RECEIVER, '0.4');
    const { body } = await bed.report(pledge, transfer).expect(201);
    expect(body).toEqual({
      status: 'confirmed',
      txHash: transfer,
      notice:
        'Thank you. With this gift your total for the 2026 election comes to $1,200.00, more than the $1,000.00 we may accept from one person: we will return the $200.00 over it to the address you gave from, within 60 days.',
    });
    await ethereum.setPrice(2000);
    const cookie = await bed.treasurer(`treasurer.cap.${kind}@party.example`);
    const { body: rows } = await request(bed.gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200);
    const row = (rows as Array<{ txHash: string }>).find((each) => each.txHash === transfer);
    expect(row).toMatchObject({
      attention: ['over-cap'],
      value: '1200.00',
      periodTotal: '1200.00',
      toReturnEth: '0.066666666666666667',
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
