import net from 'node:net';
import { JsonRpcProvider, Wallet } from 'ethers';
import request from 'supertest';
import type { DonationPledge } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { newDeclaration } from '../testing/donation-declaration.js';
import { send, sendToken, startDonationTestbed, type DonationTestbed } from '../testing/donation-testbed.js';
import {
  LOCAL_ACCOUNTS,
  LOCAL_FORWARDER,
  LOCAL_RECEIVING_ADDRESSES,
  SECOND_ACCOUNT_KEY,
  chainRpc,
  forwardCall,
  localDonationRules,
  startLocalChain,
  toWei,
  writeDonationRules,
  type LocalChain,
} from '../testing/local-chain.js';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.js';
import { donationWorker } from '../testing/donation-worker.js';
import type { DonationLedger } from './donation-ledger.js';

// The gateway's donation endpoints against real local chains (Hardhat): 31337, and 137 with
// Polygon's WETH, each with a price feed at $2,000 an ETH. Every pledge here is signed by its
// wallet (donation-proofs.test.ts holds the refusals of pledges that are not).

let ethereum: LocalChain;
let polygon: LocalChain;
// Each test that counts a donor's total gives from accounts no other test uses: the order is random.
const [DONOR, SECOND, THIRD, CAPPED, CAPPED_ELSEWHERE] = LOCAL_ACCOUNTS;
const RECEIVER = LOCAL_RECEIVING_ADDRESSES[31337];
const WETH = '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619';

beforeAll(async () => {
  [ethereum, polygon] = await Promise.all([startLocalChain(31337), startLocalChain(137)]);
}, 60_000);
afterAll(() => {
  ethereum?.stop();
  polygon?.stop();
});

const hex = (wei: bigint) => `0x${wei.toString(16)}`;
const sendWeth = (from: string, to: string, eth: string) => sendToken(polygon, WETH, from, to, eth);

describe.each([testDatabaseKind])('donations on %s', (kind) => {
  let bed: DonationTestbed;
  let gateway: TestGateway;
  let test: TestDatabase;
  const declaration = (...args: Parameters<DonationTestbed['declaration']>) => bed.declaration(...args);
  const pledge = (body: Partial<DonationPledge> = {}) => bed.pledge(body);
  const pledgeId = (body: Partial<DonationPledge> = {}) => bed.signedPledge(body);
  const report = (pledge: string, txHash: string, chainId = 31337) => bed.report(pledge, txHash, chainId);
  const donation = (txHash: string) => bed.donation(txHash);
  const recheckNow = () => bed.recheckNow();

  beforeAll(async () => {
    bed = await startDonationTestbed([ethereum, polygon], { kind, confirmations: 2 });
    ({ gateway, test } = bed);
  });
  afterAll(() => bed.close());

  it('tells pages the terms, never an RPC URL or a price feed', async () => {
    const { body } = await request(gateway.url).get('/api/donations/terms').expect(200);
    expect(body).toMatchObject({
      accepting: true,
      currency: 'USD',
      declarationThreshold: 0,
      networks: [{ chainId: 31337, receivingAddress: RECEIVER }, { chainId: 137 }],
    });
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
    expect(JSON.stringify(body)).not.toContain('feed');
  });

  it('records a matching transaction, valued at its block, received then confirmed at the rules’ depth', async () => {
    const id = await pledgeId({ amountEth: '0.05' });
    const hash = await send(ethereum, DONOR, RECEIVER, '0.05');
    await report(id, hash).expect(201, { status: 'received', txHash: hash });
    await ethereum.setPrice(3000);
    expect(await donation(hash)).toMatchObject({ status: 'received', value: '100.00', rate: '2000.00000000' });

    await recheckNow();
    expect(await donation(hash)).toMatchObject({ status: 'confirmed', value: '100.00' });
    await ethereum.setPrice(2000);
    // Reported again (a page that retries): the same answer, nothing recorded twice.
    await report(id, hash).expect(201, { status: 'confirmed', txHash: hash });
  });

  it('records a WETH transfer on Polygon by its Transfer log', async () => {
    const id = await pledgeId({ chainId: 137, amountEth: '0.02' });
    const hash = await sendWeth(DONOR, LOCAL_RECEIVING_ADDRESSES[137], '0.02');
    await report(id, hash, 137).expect(201, { status: 'received', txHash: hash });
    expect(await donation(hash)).toMatchObject({ value: '40.00' });
  });

  it.each([
    [
      'another recipient',
      () => send(ethereum, DONOR, THIRD, '0.01'),
      'This transaction does not send to our receiving address.',
    ],
    [
      'another amount',
      () => send(ethereum, DONOR, RECEIVER, '0.02'),
      'This transaction does not send the amount you pledged.',
    ],
    [
      'another sender',
      () => send(ethereum, SECOND, RECEIVER, '0.01'),
      'This transaction was not sent from the account you pledged with.',
    ],
  ])('refuses a transaction to %s, and records nothing', async (_case, transfer, message) => {
    const id = await pledgeId();
    const hash = await transfer();
    await report(id, hash).expect(422, { message });
    expect(await donation(hash)).toBeUndefined();
    expect(gateway.logs.some((line) => line.includes('a donation report was refused') && line.includes(hash))).toBe(
      true,
    );
  });

  it('refuses a transfer that reverted', async () => {
    const id = await pledgeId({ chainId: 137, account: THIRD, amountEth: '0.01', declaration: declaration() });
    // The third account holds no WETH: its transfer is mined, and fails.
    const hash = await sendWeth(THIRD, LOCAL_RECEIVING_ADDRESSES[137], '0.01');
    await report(id, hash, 137).expect(422, { message: 'This transaction failed on the network: nothing was given.' });
  });

  it('refuses an unknown hash, and a hash claimed for a second pledge', async () => {
    await report(await pledgeId(), `0x${'ab'.repeat(32)}`).expect(422, {
      message: 'We could not find this transaction on the network.',
    });
    const id = await pledgeId();
    const hash = await send(ethereum, DONOR, RECEIVER, '0.01');
    await report(id, hash).expect(201);
    await report(await pledgeId(), hash).expect(409, {
      message: 'This transaction is already recorded as a donation.',
    });
    await report('00000000-0000-4000-8000-000000000000', hash).expect(404);
  });

  it('asks for the declaration the rules require, and the privacy policy with it', async () => {
    await pledge({ declaration: undefined }).expect(422, {
      message: 'Every donation needs a declaration of who is giving. Please complete it below.',
      declarationRequired: true,
    });
    const { body } = await pledge({
      declaration: { ...declaration(), occupation: '', affirmations: ['own-funds'] },
    }).expect(400);
    expect(body.fieldErrors).toEqual({ declaration: 'Please enter your occupation' });
    await pledge({ privacy: undefined }).expect(400, {
      message: 'Some fields need your attention. Please correct them and try again.',
      fieldErrors: { privacy: 'You must agree to the privacy policy' },
    });
  });

  it('refuses a gift over the cap as its wallet signs, counting that wallet’s gifts; a name typed elsewhere refuses nothing', async () => {
    const person = declaration({ fullName: 'Grace Hopper', postalCode: '10001' });
    const id = await pledgeId({ account: CAPPED, amountEth: '0.3', declaration: person });
    await report(id, await send(ethereum, CAPPED, RECEIVER, '0.3')).expect(201);

    const { body: more } = await pledge({ account: CAPPED, amountEth: '0.25', declaration: declaration() }).expect(201);
    const signed = await bed.sign(more.pledge, more.typedData, CAPPED);
    expect({ status: signed.status, body: signed.body }).toEqual({
      status: 409,
      body: {
        message:
          'We may accept at most $1,000.00 from one person for the 2026 election. This donation is worth $500.00 now; you can give up to $400.00 more.',
      },
    });
    // The same person from another wallet, spelt otherwise: the treasurer's to review once paid.
    await pledgeId({
      account: CAPPED_ELSEWHERE,
      amountEth: '0.25',
      declaration: { ...declaration(), fullName: ' grace  HOPPER', postalCode: '10001' },
    });
    await pledgeId({ account: CAPPED, amountEth: '0.2', declaration: person });
  });

  it('takes a transaction that a re-organisation removed out of the count, and counts it again once re-mined', async () => {
    const provider = new JsonRpcProvider(ethereum.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new Wallet(SECOND_ACCOUNT_KEY, provider);
    const signed = await wallet.signTransaction(
      await wallet.populateTransaction({ to: RECEIVER, value: toWei('0.01') }),
    );
    const id = await pledgeId({ account: SECOND });
    const snapshot = await ethereum.rpc<string>('evm_snapshot');
    const hash = await ethereum.rpc<string>('eth_sendRawTransaction', [signed]);
    await report(id, hash).expect(201, { status: 'received', txHash: hash });

    await ethereum.rpc('evm_revert', [snapshot]);
    await recheckNow();
    expect(await donation(hash)).toMatchObject({ status: 'pending', value: null });

    await ethereum.rpc('eth_sendRawTransaction', [signed]);
    await ethereum.rpc('evm_mine');
    await recheckNow();
    expect(await donation(hash)).toMatchObject({ status: 'confirmed', value: '20.00' });
    provider.destroy();
  });

  it('follows a transaction the wallet sped up, and drops one it cancelled', async () => {
    const provider = new JsonRpcProvider(ethereum.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new Wallet(SECOND_ACCOUNT_KEY, provider);
    await ethereum.rpc('evm_setAutomine', [false]);
    try {
      const original = await wallet.sendTransaction({
        to: RECEIVER,
        value: toWei('0.01'),
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      await report(await pledgeId({ account: SECOND }), original.hash).expect(201, {
        status: 'pending',
        txHash: original.hash,
      });
      const faster = await wallet.sendTransaction({
        to: RECEIVER,
        value: toWei('0.01'),
        nonce: original.nonce,
        maxFeePerGas: 8_000_000_000n,
        maxPriorityFeePerGas: 4_000_000_000n,
      });
      await ethereum.rpc('evm_mine');
      await recheckNow();
      expect(await donation(original.hash)).toMatchObject({
        tx_hash: faster.hash.toLowerCase(),
        replaced_hash: original.hash.toLowerCase(),
        status: 'pending',
      });
      await recheckNow();
      expect(await donation(faster.hash)).toMatchObject({ status: 'received' });

      const doomed = await wallet.sendTransaction({
        to: RECEIVER,
        value: toWei('0.01'),
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      await report(await pledgeId({ account: SECOND }), doomed.hash).expect(201, {
        status: 'pending',
        txHash: doomed.hash,
      });
      await wallet.sendTransaction({
        to: SECOND,
        value: 0n,
        nonce: doomed.nonce,
        maxFeePerGas: 8_000_000_000n,
        maxPriorityFeePerGas: 4_000_000_000n,
      });
      await ethereum.rpc('evm_mine');
      await recheckNow();
      expect(await donation(doomed.hash)).toMatchObject({ status: 'dropped' });
    } finally {
      await ethereum.rpc('evm_setAutomine', [true]);
      provider.destroy();
    }
  });

  it('joins a sped-up transaction the watcher recorded first to its pledge; a row that cannot be written stops no other', async () => {
    await watchAll();
    const nonceOf = async (from: string) =>
      Number(await ethereum.rpc<string>('eth_getTransactionCount', [from, 'pending']));
    const sendAt = (from: string, nonce: number, feeGwei: bigint) =>
      ethereum.rpc<string>('eth_sendTransaction', [
        {
          from,
          to: RECEIVER,
          value: hex(toWei('0.01')),
          nonce: hex(BigInt(nonce)),
          maxFeePerGas: hex(feeGwei * 1_000_000_000n),
          maxPriorityFeePerGas: hex((feeGwei / 2n) * 1_000_000_000n),
        },
      ]);
    await ethereum.rpc('evm_setAutomine', [false]);
    try {
      // Two gifts reported while pending, each then sped up by its wallet, the watcher reading first.
      const [kept, returned] = [THIRD, DONOR];
      const [keptPledge, returnedPledge] = [await pledgeId({ account: kept }), await pledgeId({ account: returned })];
      const [keptNonce, returnedNonce] = [await nonceOf(kept), await nonceOf(returned)];
      const keptOriginal = await sendAt(kept, keptNonce, 2n);
      const returnedOriginal = await sendAt(returned, returnedNonce, 2n);
      await report(keptPledge, keptOriginal).expect(201, { status: 'pending', txHash: keptOriginal });
      await report(returnedPledge, returnedOriginal).expect(201, { status: 'pending', txHash: returnedOriginal });
      const keptFaster = await sendAt(kept, keptNonce, 8n);
      const returnedFaster = await sendAt(returned, returnedNonce, 8n);
      await ethereum.rpc('evm_mine');
      await watchAll();
      expect(await undeclared(keptFaster)).toMatchObject({ pledge_id: null });
      // The donor's page reports the faster one before any re-check: recorded, as it is.
      await report(keptPledge, keptFaster).expect(201, { status: 'pending', txHash: keptFaster });
      // The treasurer has already returned one of them: that row is theirs, not to be merged.
      await test.db.query(`UPDATE donations SET resolution = 'returned' WHERE tx_hash = $1`, [
        returnedFaster.toLowerCase(),
      ]);
      // The row that cannot be written is re-checked first: the other is re-checked all the same.
      await test.db.query(
        `UPDATE donations SET next_check_at = now() - CASE WHEN tx_hash = $1 THEN interval '1 minute' ELSE interval '0' END
          WHERE tx_hash IN ($1, $2)`,
        [returnedOriginal.toLowerCase(), keptOriginal.toLowerCase()],
      );
      await bed.worker.recheckDue();

      expect(await donation(keptFaster)).toMatchObject({
        tx_hash: keptFaster.toLowerCase(),
        replaced_hash: keptOriginal.toLowerCase(),
        pledge_id: keptPledge,
      });
      const { rows } = await test.db.query('SELECT 1 FROM donations WHERE tx_hash = $1', [keptFaster.toLowerCase()]);
      expect(rows).toHaveLength(1);
      await report(keptPledge, keptFaster).expect(201);
      expect(await donation(returnedOriginal)).toMatchObject({ tx_hash: returnedOriginal.toLowerCase() });
      expect(
        gateway.logs.some(
          (line) =>
            line.includes('a donation could not be re-checked') && line.includes(returnedOriginal.toLowerCase()),
        ),
      ).toBe(true);
    } finally {
      await ethereum.rpc('evm_setAutomine', [true]);
    }
  });

  it('publishes totals and the names the law requires, and nothing else personal', async () => {
    const published = declaration({ fullName: 'Katherine Johnson', postalCode: '23666' });
    const id = await pledgeId({ account: THIRD, amountEth: '0.15', declaration: published });
    const hash = await send(ethereum, THIRD, RECEIVER, '0.15');
    await report(id, hash).expect(201);
    await ethereum.rpc('evm_mine');
    await recheckNow();
    const { body } = await request(gateway.url).get('/api/donations/ledger').expect(200);
    expect(body).toMatchObject({ currency: 'USD', disclosureThreshold: 200 });
    expect(body.disclosed).toContainEqual({
      name: 'Katherine Johnson',
      chainId: 31337,
      txHash: hash,
      amountEth: '0.15',
      value: '300.00',
      receivedAt: expect.any(String),
    });
    expect(body.donors).toBeGreaterThan(0);
    const text = JSON.stringify(body);
    for (const personal of [published.email, published.streetAddress, published.occupation, THIRD.toLowerCase()])
      expect(text).not.toContain(personal);
  });

  const treasurer = (email: string) => bed.treasurer(email);
  const watchAll = () => bed.watchAll();
  const undeclared = async (txHash: string) =>
    (
      await test.db.query<{ status: string; value: string; pledge_id: string | null }>(
        'SELECT status, value::text, pledge_id FROM donations WHERE tx_hash = $1',
        [txHash.toLowerCase()],
      )
    ).rows[0];

  it('records a transfer made outside the site as undeclared, on both networks, and one its signed pledge explains with that pledge, before its page reports it', async () => {
    await watchAll();
    const direct = await send(ethereum, DONOR, RECEIVER, '0.013');
    const weth = await sendWeth(DONOR, LOCAL_RECEIVING_ADDRESSES[137], '0.007');
    const id = await pledgeId({ amountEth: '0.011' });
    const pledged = await send(ethereum, DONOR, RECEIVER, '0.011');
    await ethereum.rpc('evm_mine');
    await watchAll();
    expect(await undeclared(direct)).toEqual({ status: 'confirmed', value: '26.00', pledge_id: null });
    expect(await undeclared(weth)).toMatchObject({ value: '14.00', pledge_id: null });
    // The watcher saw this one before its page reported it: the pledge its wallet signed explains it.
    expect(await undeclared(pledged)).toMatchObject({ pledge_id: id });
    await report(id, pledged).expect(201, { status: 'confirmed', txHash: pledged });
    // An undeclared transfer is never claimed by a report, not even one its own wallet signs after: the treasurer resolves it.
    await report(await pledgeId({ amountEth: '0.013' }), direct).expect(409);
    expect(await undeclared(direct)).toMatchObject({ pledge_id: null });
    await report(await pledgeId({ amountEth: '0.011' }), pledged).expect(409);
    // Read again, nothing is recorded twice.
    const { rows } = await test.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM donations WHERE tx_hash IN ($1, $2, $3)',
      [direct, weth, pledged],
    );
    expect(rows[0]!.n).toBe(3);
    // Caught up: the operators' gauge reads 0 blocks behind the head the watcher saw on each network.
    const head = Number(await ethereum.rpc<string>('eth_blockNumber'));
    expect((await bed.gateway.scrape()).split('\n')).toEqual(
      expect.arrayContaining(['party_donation_blocks_behind{chain_id="31337"} 0']),
    );
    const cursor = await test.db.query<{ head: string }>(
      'SELECT head_block::text AS head FROM donation_watch_cursors WHERE chain_id = 31337',
    );
    expect(Number(cursor.rows[0]!.head)).toBe(head);
  });

  it('answers a page’s report of its own pledge as recorded when the watcher gave the transfer another pledge of that wallet', async () => {
    await watchAll();
    const first = await pledgeId({ account: SECOND, amountEth: '0.012' });
    const second = await pledgeId({ account: SECOND, amountEth: '0.012' });
    const hash = await send(ethereum, SECOND, RECEIVER, '0.012');
    await ethereum.rpc('evm_mine');
    await watchAll();
    const taken = (await undeclared(hash))!.pledge_id;
    expect([first, second]).toContain(taken);
    const reported = taken === first ? second : first;
    const { body } = await report(reported, hash).expect(201);
    expect(body).toMatchObject({ txHash: hash });
    expect(await undeclared(hash)).toMatchObject({ pledge_id: reported });
    await report(reported, hash).expect(201, body);
  });

  it('reads again the blocks a re-organisation changed, and takes a transfer that left the chain out of the count', async () => {
    await watchAll();
    const snapshot = await ethereum.rpc<string>('evm_snapshot');
    const gone = await send(ethereum, DONOR, RECEIVER, '0.017');
    await watchAll();
    expect(await undeclared(gone)).toMatchObject({ pledge_id: null });

    await ethereum.rpc('evm_revert', [snapshot]);
    const instead = await send(ethereum, SECOND, RECEIVER, '0.019');
    await ethereum.rpc('evm_mine');
    await watchAll();
    expect(await undeclared(instead)).toMatchObject({ status: 'confirmed', value: '38.00', pledge_id: null });
    await recheckNow();
    expect(await undeclared(gone)).toMatchObject({ status: 'pending', value: null });
    expect(gateway.logs.some((line) => line.includes('left the chain: reading the last blocks again'))).toBe(true);
  });

  it('shows the treasurer each donation with its declaration, value and what needs action, in the return’s CSV too, each look logged; and emails the donor a receipt', async () => {
    const email = `treasurer.${kind}@party.example`;
    const cookie = await treasurer(email);

    await watchAll();
    const donor = declaration({ fullName: 'Mary Somerville', email: `mary.${kind}@example.org` });
    const id = await pledgeId({ amountEth: '0.021', declaration: donor });
    const declared = await send(ethereum, DONOR, RECEIVER, '0.021');
    await report(id, declared).expect(201);
    const outside = await send(ethereum, SECOND, RECEIVER, '0.023');
    await ethereum.rpc('evm_mine');
    await watchAll();
    await recheckNow();

    const { body: rows } = await request(gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200);
    const mine = (rows as Array<{ txHash: string }>).find((row) => row.txHash === declared);
    expect(mine).toMatchObject({
      status: 'confirmed',
      amountEth: '0.021',
      value: '42.00',
      currency: 'USD',
      donor: { fullName: 'Mary Somerville', occupation: 'Mathematician' },
      attention: [],
    });
    expect((rows as Array<{ txHash: string }>).find((row) => row.txHash === outside)).toMatchObject({
      donor: null,
      attention: ['undeclared'],
    });

    const csv = await request(gateway.url).get('/api/staff/donations.csv').set('Cookie', cookie).expect(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="donations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [heading, ...lines] = csv.text.trim().split('\r\n');
    expect(heading).toBe(
      'Contributor name,Street,City,State,ZIP,Occupation,Employer,Date of receipt,Amount (USD),Aggregate this election (USD),ETH rate (USD),Network,Transaction,Sending address,ETH,Status,Needs action,Deadline,Returned (ETH)',
    );
    expect(lines.find((line) => line.includes(declared))).toMatch(
      /^Mary Somerville,12 Analytical Way,Denver,CO,80202,Mathematician,Self-employed,\d{4}-\d{2}-\d{2},42\.00,[\d.]+,2000\.00000000,Local development chain,/,
    );

    const logged = await test.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM staff_access_log WHERE staff_email = $1 AND donation_id = (SELECT id FROM donations WHERE tx_hash = $2) GROUP BY action ORDER BY action`,
      [email, declared],
    );
    expect(logged.rows).toEqual([
      { action: 'exported', n: 1 },
      { action: 'viewed', n: 1 },
    ]);

    const receipts = await test.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox_messages WHERE kind = 'donation-receipt' AND recipient = $1`,
      [donor.email],
    );
    expect(receipts.rows).toHaveLength(1);
    expect(receipts.rows[0]!.subject).toBe('Your donation to The Refoundation Party: receipt');
    expect(receipts.rows[0]!.text_body).toContain(declared);
    expect(receipts.rows[0]!.text_body).toContain('0.021 ETH on Local development chain, worth $42.00');
    await recheckNow();
    expect(
      (
        await test.db.query(`SELECT 1 FROM outbox_messages WHERE kind = 'donation-receipt' AND recipient = $1`, [
          donor.email,
        ])
      ).rows,
    ).toHaveLength(1);
  });

  it('lets the treasurer resolve an undeclared transfer: returned, once the refund is on chain, or declared on the donor’s behalf', async () => {
    const email = `resolver.${kind}@party.example`;
    const cookie = await treasurer(email);
    const resolve = (id: string, body: unknown) =>
      request(gateway.url)
        .post(`/api/staff/donations/${id}/resolve`)
        .set('Origin', gateway.url)
        .set('Cookie', cookie)
        .send(body as object);
    const rowOf = async (hash: string) =>
      (
        (await request(gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200)).body as Array<{
          id: string;
          txHash: string;
          attention: string[];
          donor: unknown;
          resolution: unknown;
        }>
      ).find((row) => row.txHash === hash)!;

    await watchAll();
    const toReturn = await send(ethereum, SECOND, RECEIVER, '0.029');
    const toDeclare = await send(ethereum, SECOND, RECEIVER, '0.031');
    await watchAll();
    const returning = await rowOf(toReturn);
    expect(returning.attention).toEqual(['undeclared']);

    await ethereum.rpc('hardhat_impersonateAccount', [RECEIVER]);
    await ethereum.rpc('hardhat_setBalance', [RECEIVER, hex(toWei('10'))]);
    const elsewhere = await send(ethereum, RECEIVER, THIRD, '0.029');
    const refund = await send(ethereum, RECEIVER, SECOND, '0.029');
    await ethereum.rpc('hardhat_stopImpersonatingAccount', [RECEIVER]);
    await resolve(returning.id, { resolution: 'returned', refundHash: elsewhere }).expect(409);
    await resolve(returning.id, { resolution: 'returned', refundHash: refund }).expect(200, {
      message: 'The return of 0.029 ETH is recorded.',
    });
    expect(await rowOf(toReturn)).toMatchObject({
      attention: [],
      resolution: { kind: 'returned', by: email, refundHash: refund },
    });
    await resolve(returning.id, { resolution: 'returned', refundHash: refund }).expect(409);

    // Confirmed before it is declared: no re-check records it again.
    await ethereum.rpc('hardhat_mine', ['0x2']);
    await recheckNow();
    expect(await bed.donation(toDeclare)).toMatchObject({ status: 'confirmed' });
    const declaring = await rowOf(toDeclare);
    await resolve(declaring.id, {
      resolution: 'declared',
      declaration: { ...declaration({ fullName: 'Ada Byron' }), occupation: '' },
    }).expect(400);
    const declared = declaration({ fullName: 'Ada Byron' });
    await resolve(declaring.id, { resolution: 'declared', declaration: declared }).expect(200, {
      message: 'The transfer is declared.',
    });
    // The worker's next round sends the receipt the declaration now has an address for.
    await recheckNow();
    const { rows: receipts } = await test.db.query(
      `SELECT 1 FROM outbox_messages WHERE kind = 'donation-receipt' AND recipient = $1`,
      [declared.email],
    );
    expect(receipts).toHaveLength(1);
    expect(await rowOf(toDeclare)).toMatchObject({
      attention: [],
      donor: { fullName: 'Ada Byron' },
      resolution: { kind: 'declared', by: email },
    });
    await resolve('999999999', { resolution: 'returned', refundHash: refund }).expect(404);
  });

  it('refuses a pledge from a page of another origin', async () => {
    await request(gateway.url)
      .post('/api/donations/pledges')
      .set('Origin', 'https://evil.example')
      .send({})
      .expect(403);
  });
});

describe('when an RPC endpoint fails', () => {
  let test: TestDatabase;
  let silent: net.Server;
  const hung = new Set<net.Socket>();
  const gateways: TestGateway[] = [];

  beforeAll(async () => {
    test = await openTestDatabase('pglite');
    await migrate(test.db);
    // Accepts connections and never answers: a node that hangs.
    silent = net.createServer((socket) => hung.add(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    hung.forEach((socket) => socket.destroy());
    silent.close();
    await test.dispose();
  });

  it.each([
    ['refuses connections', () => 'http://127.0.0.1:9'],
    ['does not answer', () => `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`],
  ])('tries the next one when the first %s', async (_case, firstUrl) => {
    const rules = localDonationRules([ethereum]);
    rules.networks[0]!.rpcUrls = [firstUrl(), ethereum.rpcUrl];
    const gateway = await startTestGateway(test.db, {
      FORM_RATE_LIMIT: '1000',
      DONATION_RULES: writeDonationRules(rules),
      DONATION_RPC_TIMEOUT_MS: '300',
    });
    gateways.push(gateway);
    const started = Date.now();
    const { body } = await request(gateway.url)
      .post('/api/donations/pledges')
      .set('Origin', gateway.url)
      .send({ chainId: 31337, account: DONOR, amountEth: '0.01', declaration: newDeclaration(), privacy: true })
      .expect(201);
    expect(body.pledge).toEqual(expect.any(String));
    // Waiting for the silent endpoint as long as the default timeout would take 4 s alone.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers 503 when no endpoint answers', async () => {
    const rules = localDonationRules([ethereum]);
    rules.networks[0]!.rpcUrls = ['http://127.0.0.1:9'];
    const gateway = await startTestGateway(test.db, {
      FORM_RATE_LIMIT: '1000',
      DONATION_RULES: writeDonationRules(rules),
      DONATION_RPC_TIMEOUT_MS: '300',
    });
    gateways.push(gateway);
    await request(gateway.url)
      .post('/api/donations/pledges')
      .set('Origin', gateway.url)
      .send({ chainId: 31337, account: DONOR, amountEth: '0.01', declaration: newDeclaration(), privacy: true })
      .expect(503, {
        message: 'We cannot reach the network (chain 31337) just now. Please try again in a few minutes.',
      });
  });

  it('says so, and takes nothing, under rules that accept no crypto donation', async () => {
    const gateway = await startTestGateway(test.db, { DONATION_RULES: 'no-crypto' });
    gateways.push(gateway);
    await request(gateway.url).get('/api/donations/terms').expect(200, {
      accepting: false,
      message: 'We do not accept donations in cryptocurrency.',
      otherWays: 'You can still support us: join as a member, volunteer, or write to us about giving by bank transfer.',
    });
    await request(gateway.url).post('/api/donations/pledges').set('Origin', gateway.url).send({}).expect(410);
  });
});

describe('transfers made by a contract (internal transactions)', () => {
  let test: TestDatabase;
  let tracer: RpcProxy;
  let gateway: TestGateway;
  let worker: DonationLedger;

  // Hardhat has no trace API: this node in front of it answers Geth's debug_traceBlockByNumber
  // (call tracer) for the forwarding contract's calls, refuses trace_block as Geth does, and passes
  // every other call through.
  beforeAll(async () => {
    test = await openTestDatabase('pglite');
    await migrate(test.db);
    tracer = await startRpcProxy(ethereum.rpcUrl, {
      async answer(call) {
        if (call.method === 'trace_block')
          return { error: { code: -32601, message: 'the method trace_block does not exist/is not available' } };
        if (call.method !== 'debug_traceBlockByNumber') return undefined;
        const block = await chainRpc<{
          transactions: Array<{ hash: string; from: string; to: string; value: string; input: string }>;
        }>(ethereum.rpcUrl, 'eth_getBlockByNumber', [call.params[0], true]);
        return {
          result: block.transactions.map((tx) => ({
            txHash: tx.hash,
            result: {
              type: 'CALL',
              from: tx.from,
              to: tx.to,
              value: tx.value,
              ...(tx.to.toLowerCase() === LOCAL_FORWARDER
                ? {
                    calls: [
                      { type: 'CALL', from: LOCAL_FORWARDER, to: `0x${tx.input.slice(34, 74)}`, value: tx.value },
                    ],
                  }
                : {}),
            },
          })),
        };
      },
    });
    const rules = localDonationRules([ethereum]);
    rules.networks[0]!.rpcUrls = [tracer.url];
    gateway = await startTestGateway(test.db, { DONATION_RULES: writeDonationRules(rules) });
    worker = donationWorker(test.db, gateway);
  });
  afterAll(async () => {
    worker.close();
    await gateway.close();
    await tracer.close();
    await test.dispose();
  });

  it('records a contract’s transfer to the receiving address, found through the node’s trace API, and confirms it', async () => {
    const watchAll = async () => {
      for (let rounds = 0; rounds < 20 && (await worker.watch()) > 0; rounds += 1);
    };
    await watchAll();
    const hash = await ethereum.rpc<string>('eth_sendTransaction', [
      { from: SECOND, to: LOCAL_FORWARDER, value: hex(toWei('0.033')), data: forwardCall(RECEIVER) },
    ]);
    await ethereum.rpc('evm_mine');
    await watchAll();
    await test.db.query('UPDATE donations SET next_check_at = now()');
    await worker.recheckDue();
    const { rows } = await test.db.query<{
      sender: string;
      amount_wei: string;
      internal: boolean;
      pledge_id: string | null;
      status: string;
      value: string;
    }>('SELECT sender, amount_wei::text, internal, pledge_id, status, value::text FROM donations WHERE tx_hash = $1', [
      hash,
    ]);
    expect(rows).toEqual([
      {
        sender: LOCAL_FORWARDER,
        amount_wei: toWei('0.033').toString(),
        internal: true,
        pledge_id: null,
        status: 'confirmed',
        value: '66.00',
      },
    ]);
  });
});
