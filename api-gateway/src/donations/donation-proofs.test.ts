import pg from 'pg';
import request from 'supertest';
import { walletTypedData } from '@party/shared-contracts';
import { send, startDonationTestbed, type DonationTestbed } from '../testing/donation-testbed.js';
import { eventually } from '../testing/eventually.js';
import { LOCAL_ACCOUNTS, LOCAL_RECEIVING_ADDRESSES, startLocalChain, type LocalChain } from '../testing/local-chain.js';
import { testDatabaseKind } from '../testing/test-databases.js';

// Who may put their name on a gift, and how much one donor may give: a pledge binds a declaration
// to a wallet only with that wallet's signature, is fulfilled only by a transfer from it mined
// after the pledge, and counts toward its donor's cap from the moment it is signed, joined by what
// the donor proved (their wallet, their email once signed in under it), never by a name typed in.
// Local rules: $2,000 an ETH, a $1,000 cap.

let ethereum: LocalChain;
const RECEIVER = LOCAL_RECEIVING_ADDRESSES[31337];
// Each test gives from accounts of its own: the order is random, and a cap counts by address.
const [, STRANGER, B, DONOR, FRONT_RUNNER, W1, W2, W3, W4, W5, W6, W7, W8, W9, W10] = LOCAL_ACCOUNTS;

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

  /** The wallet's signature of a pledge just made: its answer's status and body. */
  const signedBy = async (made: request.Response, signer: string) => {
    const { status, body } = await bed.sign(made.body.pledge, made.body.typedData, signer);
    return { status, body };
  };

  it('counts a signed pledge not yet fulfilled, until it is withdrawn: its wallet’s next one is refused as it signs', async () => {
    const person = bed.declaration({ fullName: 'Mary Jackson', postalCode: '23666' });
    const first = await bed.signedPledge({ account: W1, amountEth: '0.3', declaration: person });
    const second = await bed.pledge({ account: W1, amountEth: '0.3', declaration: person }).expect(201);
    expect(await signedBy(second, W1)).toEqual({
      status: 409,
      body: { message: refusedOver('', '$600.00', '$400.00') },
    });
    await bed.post(`/api/donations/pledges/${first}/withdrawal`, {}).expect(204);
    expect(await signedBy(second, W1)).toEqual({ status: 204, body: {} });
    await bed.report(second.body.pledge, await send(ethereum, W1, RECEIVER, '0.3')).expect(201);
    await bed
      .post(`/api/donations/pledges/${second.body.pledge}/withdrawal`, {})
      .expect(409, { message: 'This pledge is fulfilled: it cannot be withdrawn.' });
  });

  it('tells no one what a named person gave: a name and postcode, or an email, typed in change no answer', async () => {
    const grace = bed.declaration({ fullName: 'Grace Hopper', postalCode: '10001', email: 'grace@example.org' });
    await bed
      .report(
        await bed.signedPledge({ account: W2, amountEth: '0.3', declaration: grace }),
        await send(ethereum, W2, RECEIVER, '0.3'),
      )
      .expect(201);
    // Grace has given $600. A stranger asks for $500 under her name (in look-alike Cyrillic letters
    // too), and under her email, from a wallet of their own: each is answered as for anyone.
    const asGrace = [
      { fullName: 'Grace Hopper', postalCode: '10001' },
      { fullName: 'Grасе Нoppеr', postalCode: '10001' },
      { fullName: 'Someone Else', email: 'grace@example.org' },
    ];
    for (const change of asGrace) {
      const made = await bed.pledge({ account: W3, amountEth: '0.25', declaration: bed.declaration(change) });
      expect({ status: made.status, signed: await signedBy(made, W3) }).toEqual({
        status: 201,
        signed: { status: 204, body: {} },
      });
      await bed.post(`/api/donations/pledges/${made.body.pledge}/withdrawal`, {}).expect(204);
    }
    // Paid, such a gift is joined to hers for the treasurer (over the cap, to return by a date); its
    // donor is told nothing of her total.
    const posing = await bed.signedPledge({
      account: W3,
      amountEth: '0.25',
      declaration: bed.declaration({ fullName: 'GRÂCE  hopper', postalCode: '10 001' }),
    });
    const transfer = await send(ethereum, W3, RECEIVER, '0.25');
    const { body } = await bed.report(posing, transfer).expect(201);
    expect(body).toEqual({ status: 'confirmed', txHash: transfer });
    const cookie = await bed.treasurer(`treasurer.names.${kind}@party.example`);
    const { body: rows } = await request(bed.gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200);
    expect((rows as Array<{ txHash: string }>).find((row) => row.txHash === transfer)).toMatchObject({
      attention: ['over-cap'],
      periodTotal: '1100.00',
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('lets no one fill another person’s cap: pledges naming a donor, unsigned or signed by a throwaway wallet, stop nothing', async () => {
    const ada = bed.declaration({ fullName: 'Ada Lovelace', postalCode: 'W1 1AA', email: 'ada.lovelace@example.org' });
    // The stranger's: one unsigned naming Ada's own wallet, one signed by a wallet of theirs.
    await bed.pledge({ account: W4, amountEth: '0.45', declaration: ada }).expect(201);
    await bed.signedPledge({ account: W5, amountEth: '0.45', declaration: ada });
    // Ada gives $300 from her wallet, under her name and email: taken.
    const made = await bed.pledge({ account: W4, amountEth: '0.15', declaration: ada }).expect(201);
    expect(await signedBy(made, W4)).toEqual({ status: 204, body: {} });
    await bed.report(made.body.pledge, await send(ethereum, W4, RECEIVER, '0.15')).expect(201);
  });

  it('joins what a member proved: signed in, their gifts from every wallet count, and the refusal names their own total', async () => {
    const email = `katherine.${kind}@example.org`;
    const cookie = await bed.member(email);
    const katherine = bed.declaration({ fullName: 'Katherine Johnson', postalCode: '23666', email });
    const first = await bed.pledge({ account: W6, amountEth: '0.2', declaration: katherine }).set('Cookie', cookie);
    expect(await signedBy(first, W6)).toEqual({ status: 204, body: {} });
    await bed.report(first.body.pledge, await send(ethereum, W6, RECEIVER, '0.2')).expect(201);
    // $400 given from W6. Signed in, from W7: refused before the wallet is asked.
    await bed
      .pledge({ account: W7, amountEth: '0.35', declaration: katherine })
      .set('Cookie', cookie)
      .expect(409, { message: refusedOver('', '$700.00', '$600.00') });
    // Not signed in, W7 has proved nothing of hers: the treasurer would see the gift joined by its email.
    const unproved = await bed.pledge({ account: W7, amountEth: '0.35', declaration: katherine }).expect(201);
    expect(await signedBy(unproved, W7)).toEqual({ status: 204, body: {} });
    // From W6 itself, whose gift she proved under her email: joined, refused as it signs.
    const again = await bed.pledge({ account: W6, amountEth: '0.35', declaration: bed.declaration() }).expect(201);
    expect(await signedBy(again, W6)).toEqual({
      status: 409,
      body: { message: refusedOver('', '$700.00', '$600.00') },
    });
  });

  it('joins what a donor confirmed by their receipts’ links: their gifts from every wallet count', async () => {
    const email = `mary.${kind}@example.org`;
    const mary = bed.declaration({ fullName: 'Mary Jackson', postalCode: '23669', email });
    /** Gives `eth` from `wallet` under Mary's email: the confirmation link of its receipt. */
    const give = async (wallet: string, eth: string) => {
      const pledge = await bed.signedPledge({ account: wallet, amountEth: eth, declaration: mary });
      const transfer = await send(ethereum, wallet, RECEIVER, eth);
      await bed.report(pledge, transfer).expect(201, { status: 'confirmed', txHash: transfer });
      const { rows } = await bed.test.db.query<{ text_body: string }>(
        `SELECT o.text_body FROM outbox_messages o WHERE o.kind = 'donation-receipt' AND o.recipient = $1 AND o.text_body LIKE '%' || $2 || '%'`,
        [email, transfer],
      );
      expect(rows[0]!.text_body).toContain('If you made this donation, please confirm that this address is yours.');
      const link = new URL(/Confirm this address is mine:\n(\S+)/.exec(rows[0]!.text_body)![1]!);
      expect(link.pathname).toBe('/donate/confirm-email');
      return link;
    };
    const tryFromW9 = async () => {
      const made = await bed.pledge({ account: W9, amountEth: '0.15', declaration: bed.declaration() }).expect(201);
      const signed = await signedBy(made, W9);
      if (signed.status === 204)
        await bed.post(`/api/donations/pledges/${made.body.pledge}/withdrawal`, {}).expect(204);
      return signed;
    };
    // $400 from W9, and $400 from W10: taken, for W10 has proved nothing of hers.
    const fromW9 = await give(W9, '0.2');
    const fromW10 = await give(W10, '0.2');
    await bed.post(`/api/donations/email-confirmation${fromW9.search}`, {}).expect(200, { done: true });
    // Until W10's gift is confirmed hers too, $300 more from W9 fits under the cap.
    expect(await tryFromW9()).toEqual({ status: 204, body: {} });
    // A link that is not genuine does nothing.
    await bed.post(`/api/donations/email-confirmation?token=${'x'.repeat(36)}.0.${'x'.repeat(43)}`, {}).expect(410);
    await bed.post(`/api/donations/email-confirmation${fromW10.search}`, {}).expect(200, { done: true });
    // Both gifts are hers now, $800: $300 more is refused as W9 signs, naming her own figures.
    expect(await tryFromW9()).toEqual({ status: 409, body: { message: refusedOver('', '$300.00', '$200.00') } });
  });

  it('counts each of several pledges signed at once: only as many as fit are taken', async () => {
    const person = bed.declaration({ fullName: 'Dorothy Vaughan', postalCode: '23669' });
    const made: request.Response[] = [];
    for (let n = 0; n < 5; n += 1)
      made.push(await bed.pledge({ account: W8, amountEth: '0.15', declaration: person }).expect(201));
    // $300 each: three fit under $1,000.
    const signed = await Promise.all(made.map((pledge) => signedBy(pledge, W8)));
    expect(signed.map((answer) => answer.status).sort()).toEqual([204, 204, 204, 409, 409]);
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
