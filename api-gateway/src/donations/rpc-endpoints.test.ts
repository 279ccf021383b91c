import net from 'node:net';
import request from 'supertest';
import { send, startDonationTestbed, type DonationTestbed } from '../testing/donation-testbed.js';
import { eventually } from '../testing/eventually.js';
import { LOCAL_ACCOUNTS, LOCAL_RECEIVING_ADDRESSES, startLocalChain, type LocalChain } from '../testing/local-chain.js';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy.js';

// No single RPC endpoint decides: two local nodes of one chain id (the second never sees the
// first's transactions), and endpoints in front of the first that tell the truth, lie about a
// receipt, or serve another chain. And a network that does not answer is said once, asked again
// with backoff, and said again once back.

let ethereum: LocalChain;
let stranger: LocalChain;
const RECEIVER = LOCAL_RECEIVING_ADDRESSES[31337];
const [DONOR, , , SECOND, THIRD, FOURTH, , SEVENTH, EIGHTH] = LOCAL_ACCOUNTS;
const proxies: RpcProxy[] = [];
const beds: DonationTestbed[] = [];

beforeAll(async () => {
  [ethereum, stranger] = await Promise.all([startLocalChain(31337), startLocalChain(31337)]);
}, 60_000);
// Each test's gateway goes with it: the next one borrows the file's embedded database again.
afterEach(async () => {
  await Promise.all(beds.splice(0).map((bed) => bed.close()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});
afterAll(() => {
  ethereum?.stop();
  stranger?.stop();
});

async function proxy(options: Parameters<typeof startRpcProxy>[1]) {
  const started = await startRpcProxy(ethereum.rpcUrl, options);
  proxies.push(started);
  return started;
}

async function bedOn(rpcUrls: string[], env: NodeJS.ProcessEnv = {}) {
  const bed = await startDonationTestbed([ethereum], { rpcUrls: { 31337: rpcUrls }, env });
  beds.push(bed);
  return bed;
}

/** A signed pledge of `account`'s, the transfer that fulfils it, and the report's answer. */
async function give(bed: DonationTestbed, account: string, eth = '0.01') {
  const pledge = await bed.signedPledge({ account, amountEth: eth });
  const transfer = await send(ethereum, account, RECEIVER, eth);
  return { transfer, answer: await bed.report(pledge, transfer) };
}

const linesWith = (bed: DonationTestbed, text: string) => bed.gateway.logs.filter((line) => line.includes(text));

describe('no single RPC endpoint decides', () => {
  it('confirms a donation once two endpoints agree on its receipt, its transfer and its price', async () => {
    const honest = await proxy({});
    const bed = await bedOn([ethereum.rpcUrl, honest.url]);
    const { transfer, answer } = await give(bed, DONOR);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: 'confirmed', txHash: transfer });
    expect(await bed.donation(transfer)).toMatchObject({ status: 'confirmed', disagreement: null });
    expect(honest.calls).toEqual(expect.arrayContaining(['eth_getTransactionReceipt', 'eth_call']));
  });

  it('keeps a donation received while an endpoint says another block: logged once, shown to the treasurer, kept off the public ledger; confirmed once they agree', async () => {
    let lying = true;
    const liar = await proxy({
      rewrite: (call, result) =>
        lying && call.method === 'eth_getTransactionReceipt' && result
          ? { ...(result as object), blockHash: `0x${'de'.repeat(32)}` }
          : result,
    });
    const bed = await bedOn([ethereum.rpcUrl, liar.url]);
    const { transfer, answer } = await give(bed, SECOND);
    expect(answer.body).toEqual({ status: 'received', txHash: transfer });
    const seen = await bed.donation(transfer);
    expect(Object.keys(seen!.disagreement!)).toHaveLength(2);
    expect(Object.values(seen!.disagreement!).join(' ')).toContain(`block 0x${'de'.repeat(32)}`);
    await bed.recheckNow();
    await bed.recheckNow();
    expect(await bed.donation(transfer)).toMatchObject({ status: 'received' });
    expect(linesWith(bed, 'the RPC endpoints disagree about a donation')).toHaveLength(1);

    const cookie = await bed.treasurer('treasurer.rpc@party.example');
    const { body: rows } = await request(bed.gateway.url).get('/api/staff/donations').set('Cookie', cookie).expect(200);
    expect((rows as Array<{ txHash: string }>).find((row) => row.txHash === transfer)).toMatchObject({
      status: 'received',
      attention: ['disputed'],
    });
    const { body: ledger } = await request(bed.gateway.url).get('/api/donations/ledger').expect(200);
    expect(JSON.stringify(ledger)).not.toContain(transfer);

    lying = false;
    await bed.recheckNow();
    expect(await bed.donation(transfer)).toMatchObject({ status: 'confirmed', disagreement: null });
    expect(linesWith(bed, 'the RPC endpoints agree about a donation again')).toHaveLength(1);
  });

  it('does not confirm a transaction that a second node has never seen', async () => {
    const bed = await bedOn([ethereum.rpcUrl, stranger.rpcUrl]);
    const { transfer, answer } = await give(bed, THIRD);
    expect(answer.body).toEqual({ status: 'received', txHash: transfer });
    const disagreement = (await bed.donation(transfer))!.disagreement!;
    expect(disagreement[new URL(stranger.rpcUrl).host]).toBe('no such transaction');
  });

  it('never uses an endpoint that serves another chain, and says so once', async () => {
    const otherChain = await proxy({
      answer: (call) => (call.method === 'eth_chainId' ? { result: '0x1' } : undefined),
    });
    // The worker checks every endpoint's chain at start.
    const bed = await bedOn([otherChain.url, ethereum.rpcUrl], { DONATION_WORKER: 'true' });
    await eventually(() => linesWith(bed, 'serves another chain than its rules say').length === 1);
    const { answer } = await give(bed, FOURTH);
    expect(answer.status).toBe(201);
    expect(otherChain.calls).toEqual(['eth_chainId']);
    const said = linesWith(bed, 'serves another chain than its rules say');
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(new URL(otherChain.url).host);
  });

  it('with three endpoints, lets no first one refuse a gift alone: one saying it reverted is a disagreement', async () => {
    const liar = await proxy({
      rewrite: (call, result) =>
        call.method === 'eth_getTransactionReceipt' && result ? { ...(result as object), status: '0x0' } : result,
    });
    const honest = await proxy({});
    const bed = await bedOn([liar.url, ethereum.rpcUrl, honest.url]);
    const { transfer, answer } = await give(bed, SEVENTH);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: 'received', txHash: transfer });
    const { disagreement } = (await bed.donation(transfer))!;
    expect(disagreement).toEqual({
      [new URL(liar.url).host]: 'refuses it: reverted',
      [new URL(ethereum.rpcUrl).host]: 'settles the gift',
      [new URL(honest.url).host]: 'settles the gift',
    });
    // Re-checked, it is not dropped on the first endpoint's word either.
    await bed.recheckNow();
    expect(await bed.donation(transfer)).toMatchObject({ status: 'received' });
  });

  it('with three endpoints, confirms nothing two agree on while the third says another block', async () => {
    const honest = await proxy({});
    const liar = await proxy({
      rewrite: (call, result) =>
        call.method === 'eth_getTransactionReceipt' && result
          ? { ...(result as object), blockHash: `0x${'ad'.repeat(32)}` }
          : result,
    });
    const bed = await bedOn([ethereum.rpcUrl, honest.url, liar.url]);
    const { transfer, answer } = await give(bed, EIGHTH);
    expect(answer.body).toEqual({ status: 'received', txHash: transfer });
    const { disagreement } = (await bed.donation(transfer))!;
    expect(Object.keys(disagreement!)).toHaveLength(3);
    expect(disagreement![new URL(liar.url).host]).toContain(`block 0x${'ad'.repeat(32)}`);
  });

  it('refuses a transaction an endpoint says was signed for another chain', async () => {
    const replay = await proxy({
      rewrite: (call, result) =>
        call.method === 'eth_getTransactionByHash' && result ? { ...(result as object), chainId: '0x1' } : result,
    });
    const bed = await bedOn([replay.url]);
    const { transfer, answer } = await give(bed, DONOR, '0.02');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'This transaction was made on another network than the one you pledged on.',
    });
    expect(await bed.donation(transfer)).toBeUndefined();
  });
});

describe('a price round older than its feed’s heartbeat', () => {
  it('is not used: the pledge is refused with the reason, and taken once the feed is fresh again', async () => {
    const bed = await bedOn([ethereum.rpcUrl]);
    // The local feed's heartbeat is an hour: two hours old, with the latency allowed, it is stale.
    await ethereum.setPrice(2000, 2 * 3600);
    try {
      const { body } = await bed.pledge({ account: FOURTH }).expect(503);
      expect(body.message).toMatch(
        /^We cannot value your donation just now: the ETH price we rely on has not been updated since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Please try again in a little while; nothing was sent\.$/,
      );
      expect(linesWith(bed, 'a price feed is stale: pledges wait')).toHaveLength(1);
    } finally {
      await ethereum.setPrice(2000);
    }
    await bed.pledge({ account: FOURTH }).expect(201);
  });
});

describe('a donation network that does not answer', () => {
  let up = false;
  const attempts: number[] = [];
  let endpoint: net.Server;
  let bed: DonationTestbed;
  const BASE_MS = 50;

  // Every connection is an attempt: refused at once while down, passed to the node once up.
  beforeAll(async () => {
    const nodePort = Number(new URL(ethereum.rpcUrl).port);
    endpoint = net.createServer((socket) => {
      attempts.push(performance.now());
      if (!up) return socket.destroy();
      const upstream = net.connect(nodePort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      for (const each of [socket, upstream]) each.on('error', () => [socket, upstream].forEach((end) => end.destroy()));
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    bed = await startDonationTestbed([ethereum], {
      rpcUrls: { 31337: [`http://127.0.0.1:${(endpoint.address() as net.AddressInfo).port}`] },
      env: { DONATION_WORKER: 'true', DONATION_CHECK_MS: String(BASE_MS) },
    });
  });
  afterAll(async () => {
    await bed.close();
    await new Promise((resolve) => endpoint.close(resolve));
  });

  it('is said once, asked again with a doubling wait, counted in a gauge, and said once more when back', async () => {
    await eventually(() => attempts.length >= 6, 30_000);
    // Waits of at least 1, 2, 4 and 8 times the first between the last five attempts (a slower
    // machine only makes them longer); asked every round, six attempts would take five rounds.
    expect(attempts[5]! - attempts[0]!).toBeGreaterThanOrEqual(0.9 * BASE_MS * (1 + 2 + 4 + 8));
    expect(linesWith(bed, 'a donation network is unreachable')).toHaveLength(1);
    expect(bed.gateway.logs.filter((line) => /"level":(40|50)/.test(line))).toHaveLength(1);
    expect(await bed.gateway.scrape()).toContain('party_donation_network_up{chain_id="31337"} 0');

    up = true;
    await eventually(() => linesWith(bed, 'a donation network answers again').length > 0, 30_000);
    expect(linesWith(bed, 'a donation network is unreachable')).toHaveLength(1);
    expect(await bed.gateway.scrape()).toContain('party_donation_network_up{chain_id="31337"} 1');
  });
});
