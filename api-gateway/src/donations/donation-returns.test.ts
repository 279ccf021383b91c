import request from 'supertest';
import type { StaffDonationRow } from '@party/shared-contracts';
import { send, startDonationTestbed, type DonationTestbed } from '../testing/donation-testbed.js';
import {
  LOCAL_ACCOUNTS,
  LOCAL_RECEIVING_ADDRESSES,
  startLocalChain,
  toWei,
  type LocalChain,
} from '../testing/local-chain.js';

// What the law asks to be returned, and by when: a refund of the excess over a cap (checked on
// chain, each transaction once), the treasurer's list by deadline, their daily email, and rules
// that stopped accepting crypto on a date. Local rules: $2,000 an ETH, a $1,000 cap.

let ethereum: LocalChain;
const RECEIVER = LOCAL_RECEIVING_ADDRESSES[31337];
const [, , , DONOR, OUTSIDER, LATE] = LOCAL_ACCOUNTS;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ethereum = await startLocalChain(31337);
  await ethereum.rpc('hardhat_impersonateAccount', [RECEIVER]);
  await ethereum.rpc('hardhat_setBalance', [RECEIVER, `0x${toWei('100').toString(16)}`]);
}, 60_000);
afterAll(() => ethereum?.stop());

/** A refund from the receiving address, as the treasurer sends it: the hash. */
const refund = (to: string, eth: string) => send(ethereum, RECEIVER, to, eth);

describe('returns the law asks for', () => {
  let bed: DonationTestbed;
  let cookie: string;
  const treasurerEmail = 'tess.returns@party.example';
  const list = async () =>
    (await request(bed.gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200))
      .body as StaffDonationRow[];
  const rowOf = async (txHash: string) => (await list()).find((row) => row.txHash === txHash)!;
  const resolve = (id: string, refundHash: string) =>
    request(bed.gateway.url)
      .post(`/api/staff/donations/${id}/resolve`)
      .set('Origin', bed.gateway.url)
      .set('Cookie', cookie)
      .send({ resolution: 'returned', refundHash });
  let overCap: string;
  let undeclared: string;
  let early: string;

  beforeAll(async () => {
    bed = await startDonationTestbed([ethereum]);
    cookie = await bed.treasurer(treasurerEmail);
    await bed.watchAll();
    early = await refund(DONOR, '0.01');
    // Pledged at $800, worth $1,200 when mined: $200 of it over the cap.
    const pledge = await bed.signedPledge({ account: DONOR, amountEth: '0.4' });
    await ethereum.setPrice(3000);
    overCap = await send(ethereum, DONOR, RECEIVER, '0.4');
    await bed.report(pledge, overCap).expect(201);
    await ethereum.setPrice(2000);
    undeclared = await send(ethereum, OUTSIDER, RECEIVER, '0.01');
    await bed.watchAll();
  });
  afterAll(() => bed.close());

  it('lists what needs action first, soonest deadline first, each with its deadline; records a refund of the excess in parts', async () => {
    const rows = await list();
    const [first, second] = rows;
    expect([first!.txHash, second!.txHash]).toEqual([undeclared, overCap]);
    const day = (row: StaffDonationRow, days: number) =>
      new Date(new Date(row.receivedAt!).getTime() + days * DAY_MS).toISOString().slice(0, 10);
    expect(first).toMatchObject({ attention: ['undeclared'], toReturnEth: '0.01', deadline: day(first!, 30) });
    expect(second).toMatchObject({
      attention: ['over-cap'],
      toReturnEth: '0.066666666666666667',
      deadline: day(second!, 60),
    });

    // A refund of part of the excess, then the rest: each checked on chain, each transaction once, never more than is left.
    const { id } = second!;
    // Mined before the donation, to another address, more than is left: none of them returns it.
    await resolve(id, early).expect(409);
    await resolve(id, await refund(LOCAL_ACCOUNTS[7], '0.03')).expect(409);
    const tooMuch = await resolve(id, await refund(DONOR, '0.5')).expect(409);
    expect(tooMuch.body.message).toBe('That transaction returns 0.5 ETH, more than the 0.4 ETH left of this donation.');

    const part = await refund(DONOR, '0.03');
    await resolve(id, part).expect(200, {
      message: 'A refund of 0.03 ETH is recorded; 0.036666666666666667 ETH is still to go back.',
    });
    expect(await rowOf(overCap)).toMatchObject({
      attention: ['over-cap'],
      toReturnEth: '0.036666666666666667',
      refundedEth: '0.03',
      resolution: null,
    });
    await resolve(id, part).expect(409, { message: `That refund is recorded already, for donation no. ${id}.` });

    await resolve(id, await refund(DONOR, '0.04')).expect(200, {
      message: 'The return of 0.04 ETH, the excess over the cap, is recorded; the rest of the donation stands.',
    });
    expect(await rowOf(overCap)).toMatchObject({
      attention: [],
      toReturnEth: null,
      refundedEth: '0.07',
      periodTotal: '990.00',
      resolution: { kind: 'excess-returned', by: treasurerEmail },
    });
    // What the party keeps is what the public ledger shows.
    const { body: ledger } = await request(bed.gateway.url).get('/api/donations/ledger').expect(200);
    expect(ledger.disclosed).toContainEqual(
      expect.objectContaining({ txHash: overCap, amountEth: '0.33', value: '990.00' }),
    );
  });

  it('emails the treasurers once a day what falls due within a week, and nothing on a day with nothing due', async () => {
    const digests = async () =>
      (
        await bed.test.db.query<{ subject: string; text_body: string }>(
          `SELECT subject, text_body FROM outbox_messages WHERE kind = 'treasurer-digest' AND recipient = $1 ORDER BY id`,
          [treasurerEmail],
        )
      ).rows;
    const now = Date.now();
    expect(await bed.worker.digest(new Date(now))).toBe(0);
    // 25 days on, the undeclared transfer's 30 days end within the week.
    expect(await bed.worker.digest(new Date(now + 25 * DAY_MS))).toBeGreaterThan(0);
    expect(await bed.worker.digest(new Date(now + 25 * DAY_MS + 60_000))).toBe(0);
    const [email] = await digests();
    expect(email!.subject).toBe('Donations to resolve: 1 due within 7 days');
    expect(email!.text_body).toContain(
      `from ${OUTSIDER.toLowerCase()}: undeclared: declare it or return it. Due ${new Date(new Date((await rowOf(undeclared)).receivedAt!).getTime() + 30 * DAY_MS).toISOString().slice(0, 10)}.`,
    );
    // Past its deadline, it is overdue.
    await bed.worker.digest(new Date(now + 40 * DAY_MS));
    expect((await digests()).at(-1)!.text_body).toMatch(/Overdue since \d{4}-\d{2}-\d{2}\./);
  });
});

describe('rules that stopped accepting crypto on a date', () => {
  let bed: DonationTestbed;
  const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    bed = await startDonationTestbed([ethereum], {
      rules: {
        accepting: false,
        closedSince: yesterday,
        message: 'We no longer accept crypto.',
        otherWays: 'Join us instead.',
      },
    });
  });
  afterAll(() => bed.close());

  it('takes no pledge, and lists for return whatever still arrives, which cannot be declared', async () => {
    await request(bed.gateway.url)
      .get('/api/donations/terms')
      .expect(200, { accepting: false, message: 'We no longer accept crypto.', otherWays: 'Join us instead.' });
    await bed.pledge({ account: LATE }).expect(410);
    await bed.watchAll();
    const late = await send(ethereum, LATE, RECEIVER, '0.02');
    await bed.watchAll();
    const cookie = await bed.treasurer('tess.closed@party.example');
    const { body: rows } = await request(bed.gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200);
    const row = (rows as StaffDonationRow[]).find((each) => each.txHash === late)!;
    expect(row).toMatchObject({ attention: ['closed', 'undeclared'], toReturnEth: '0.02' });
    const resolve = (body: unknown) =>
      request(bed.gateway.url)
        .post(`/api/staff/donations/${row.id}/resolve`)
        .set('Origin', bed.gateway.url)
        .set('Cookie', cookie)
        .send(body as object);
    const declared = await resolve({ resolution: 'declared', declaration: bed.declaration() }).expect(409);
    expect(declared.body.message).toBe(
      `These rules accept no crypto since ${yesterday}: a transfer received since must be returned, not declared.`,
    );
    await resolve({ resolution: 'returned', refundHash: await refund(LATE, '0.02') }).expect(200, {
      message: 'The return of 0.02 ETH is recorded.',
    });
  });
});
