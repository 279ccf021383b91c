// `npm run bench:donations`: what accounting for donations costs, on this machine's loopback with
// local Hardhat chains, in bounded loops. Prints:
//   - the time from a wallet's broadcast to the donation `received` in the ledger (a real gateway
//     with its worker; the pledge signed before, the page reporting right after the broadcast),
//     median and slowest of BENCH_DONATIONS;
//   - the watcher's catch-up rate over 10,000 blocks holding 1,000 transfers to the receiving address;
//   - the treasurer's CSV of 10,000 donations, on PGlite and (with DATABASE_URL) PostgreSQL;
//   - a pledge and its signature, each weighed against the cap, with 10,000 gifts and 1,000 open
//     signed pledges stored, on the same databases.
import { pino } from 'pino';
import { walletTypedData } from '@party/shared-contracts';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { donationLedger } from '../src/donations/donation-ledger.js';
import { signedLinks } from '../src/platform/email/signed-links.js';
import { readDonationRules, type AcceptingDonationRules } from '../src/donations/donation-rules.js';
import { treasurerView } from '../src/donations/treasurer-view.js';
import { toCsv } from '../src/people/staff/staff-console.js';
import { newDeclaration } from '../src/testing/donation-declaration.js';
import { startGatewayProcess } from '../src/testing/gateway-process.js';
import {
  LOCAL_ACCOUNTS,
  LOCAL_RECEIVING_ADDRESSES,
  localDonationRules,
  startLocalChain,
  toWei,
  writeDonationRules,
  type LocalChain,
} from '../src/testing/local-chain.js';

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 20);
const WATCH_BLOCKS = 10_000;
const WATCH_TRANSFERS = 1_000;
const CSV_ROWS = 10_000;
const STORED_GIFTS = 10_000;
const OPEN_PLEDGES = 1_000;
const PLEDGES = 20;
const silent = pino({ level: 'silent' });
/** The gateway's defaults (config.ts): a check every 15 s, a pledge open for an hour. */
const TIMING = {
  recheckMs: 15_000,
  pledgeMs: 3_600_000,
  rpcTimeoutMs: 4_000,
  siteOrigin: { href: 'http://127.0.0.1', owns: () => false, listening: () => undefined },
  onEmailQueued: () => undefined,
  emailLinks: signedLinks('a bench signing secret of at least 32 characters'),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hex = (value: bigint | number) => `0x${value.toString(16)}`;

/** Broadcast to `received`: pledge, send, report at once (as the page does), as many times as asked. */
async function broadcastToReceived(chain: LocalChain) {
  const gateway = await startGatewayProcess({
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '100000',
    DONATION_RULES: writeDonationRules(localDonationRules([chain], { cap: null })),
    DONATION_CHECK_MS: '200',
  });
  const post = async (pathname: string, body: unknown) => {
    const response = await fetch(`${gateway.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway.url },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, string> };
  };
  const declaration = newDeclaration();
  const times: number[] = [];
  try {
    for (let index = 0; index < DONATIONS; index += 1) {
      const pledged = await post('/api/donations/pledges', {
        chainId: chain.chainId,
        account: LOCAL_ACCOUNTS[0],
        amountEth: '0.01',
        declaration,
        privacy: true,
      });
      // Signed by its wallet (the node's own account) before the transfer, as the page does: not timed.
      const { typedData } = pledged.body as unknown as { typedData: Parameters<typeof walletTypedData>[0] };
      const signature = await chain.rpc<string>('eth_signTypedData_v4', [
        LOCAL_ACCOUNTS[0],
        walletTypedData(typedData),
      ]);
      const signed = await post(`/api/donations/pledges/${pledged.body.pledge}/signature`, { signature });
      if (signed.status !== 204)
        throw new Error(`The signature answered ${signed.status} ${JSON.stringify(signed.body)}`);
      const hash = await chain.rpc<string>('eth_sendTransaction', [
        { from: LOCAL_ACCOUNTS[0], to: LOCAL_RECEIVING_ADDRESSES[31337], value: hex(toWei('0.01')) },
      ]);
      const broadcast = performance.now();
      const reported = await post('/api/donations', {
        pledge: pledged.body.pledge,
        chainId: chain.chainId,
        txHash: hash,
      });
      if (reported.status !== 201 || reported.body.status === 'pending')
        throw new Error(`The report answered ${reported.status} ${JSON.stringify(reported.body)}`);
      times.push(performance.now() - broadcast);
    }
  } finally {
    await gateway.stop();
  }
  return times;
}

/** The watcher's catch-up over WATCH_BLOCKS blocks holding WATCH_TRANSFERS transfers, from a stored cursor. */
async function watcherCatchUp(chain: LocalChain, db: Database, rules: AcceptingDonationRules) {
  const start = Number(await chain.rpc<string>('eth_blockNumber'));
  const startBlock = await chain.rpc<{ hash: string }>('eth_getBlockByNumber', [hex(start), false]);
  await db.query(
    'INSERT INTO donation_watch_cursors (chain_id, first_block, block_number, block_hash) VALUES ($1, $2, $2, $3)',
    [chain.chainId, start, startBlock.hash],
  );
  for (let index = 0; index < WATCH_TRANSFERS; index += 1) {
    await chain.rpc('eth_sendTransaction', [
      {
        from: LOCAL_ACCOUNTS[index % 3],
        to: LOCAL_RECEIVING_ADDRESSES[31337],
        value: hex(toWei('0.001') + BigInt(index)),
      },
    ]);
  }
  await chain.rpc('hardhat_mine', [hex(WATCH_BLOCKS - WATCH_TRANSFERS)]);
  const ledger = donationLedger(db, rules, silent, { ...TIMING, watch: { batchBlocks: 500 } });
  const started = performance.now();
  let blocks = 0;
  for (let round = 0; round < 1000; round += 1) {
    const read = await ledger.watch();
    if (read === 0) break;
    blocks += read;
  }
  const seconds = (performance.now() - started) / 1000;
  ledger.close();
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM donations WHERE pledge_id IS NULL');
  return { blocks, transfers: rows[0]!.n, seconds };
}

/**
 * Stores `count` confirmed gifts from `wallets` senders, each with its pledge and a complete
 * declaration, reported a minute apart back from now: the party's history the benches read.
 */
async function storeGifts(db: Database, count: number, wallets: number) {
  await db.query(
    `WITH pledges AS (
       INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile, created_at)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 31337, '0x' || lpad(to_hex(n % $2), 40, '0'), 10000000000000000, 'USD', 20,
              jsonb_build_object('fullName', 'Donor ' || (n % $2), 'email', 'donor' || n || '@example.org', 'streetAddress', n || ' Main Street', 'city', 'Denver', 'region', 'CO', 'postalCode', '80202', 'occupation', 'Tester', 'employer', 'None'),
              'donor ' || (n % $2), 'donor' || n || '@example.org', 'local-test', now() - n * interval '1 minute'
         FROM generate_series(1, $1::int) AS n
       RETURNING id, sender, created_at
     )
     INSERT INTO donations (chain_id, tx_hash, pledge_id, sender, recipient, amount_wei, nonce, status, block_number, block_hash, currency, value, rate, reported_at, received_at, confirmed_at)
     SELECT 31337, '0x' || md5(id::text) || md5(sender), id, sender, '0x02e4698646962d363bacf618c21cb60aece70624', 10000000000000000, 0, 'confirmed', 1, '0x0', 'USD', 20, 2000, created_at, created_at, created_at
       FROM pledges`,
    [count, wallets],
  );
}

/** The treasurer's CSV of CSV_ROWS donations (each with its pledge and declaration). */
async function csvExport(db: Database, rules: AcceptingDonationRules) {
  await storeGifts(db, CSV_ROWS, 500);
  const ledger = donationLedger(db, rules, silent, TIMING);
  const view = treasurerView(db, ledger);
  const times: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    const donations = await view.donations('bench@party.example', 'exported', null);
    const csv = toCsv(view.regulatorReturn(donations), view.returnHeadings);
    times.push(performance.now() - started);
    bytes = csv.length;
    rows = donations.length;
  }
  const ledgerTimes: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    await ledger.publicLedger();
    ledgerTimes.push(performance.now() - started);
  }
  ledger.close();
  return { ms: median(times), bytes, rows, publicLedgerMs: median(ledgerTimes) };
}

/**
 * A new donor's pledge and signature, each weighed against the cap (the local rules' $1,000), with
 * STORED_GIFTS gifts from 2,000 wallets and OPEN_PLEDGES signed pledges not yet paid stored in the
 * period: the medians of PLEDGES, in ms. The pledge reads the price feed and the head block too.
 */
async function pledgeLatency(chain: LocalChain, db: Database) {
  await storeGifts(db, STORED_GIFTS, 2000);
  await db.query(
    `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, email, rules_profile, signature, created_at, expires_at)
     SELECT ('20000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 31337, '0x' || lpad(to_hex(n), 40, 'b'), 10000000000000000, 'USD', 20,
            jsonb_build_object('fullName', 'Pledger ' || n, 'postalCode', '80202'), 'pledger' || n || '@example.org', 'local-test', '0x01', now(), now() + interval '1 hour'
       FROM generate_series(1, $1) AS n`,
    [OPEN_PLEDGES],
  );
  const rules = readDonationRules(writeDonationRules(localDonationRules([chain]))) as AcceptingDonationRules;
  const ledger = donationLedger(db, rules, silent, TIMING);
  const [pledgeTimes, signTimes]: [number[], number[]] = [[], []];
  try {
    for (let index = 0; index < PLEDGES; index += 1) {
      const account = LOCAL_ACCOUNTS[index % LOCAL_ACCOUNTS.length]!;
      let started = performance.now();
      const pledged = await ledger.pledge(
        {
          chainId: chain.chainId,
          account,
          amountEth: '0.001',
          declaration: newDeclaration(),
          privacy: true,
        },
        { signedInEmail: null },
      );
      pledgeTimes.push(performance.now() - started);
      if (pledged.kind !== 'pledged') throw new Error(`The pledge answered ${JSON.stringify(pledged)}`);
      const signature = await chain.rpc<string>('eth_signTypedData_v4', [account, walletTypedData(pledged.typedData)]);
      started = performance.now();
      const signed = await ledger.sign(pledged.id, signature);
      signTimes.push(performance.now() - started);
      if (signed.kind !== 'signed') throw new Error(`The signature answered ${JSON.stringify(signed)}`);
    }
  } finally {
    ledger.close();
  }
  return { pledgeMs: median(pledgeTimes), signMs: median(signTimes) };
}

const chain = await startLocalChain(31337);
try {
  const received = await broadcastToReceived(chain);
  console.log(
    `broadcast → received in the ledger (${DONATIONS} donations): median ${median(received).toFixed(0)} ms, slowest ${Math.max(...received).toFixed(0)} ms`,
  );

  const rules = readDonationRules(
    writeDonationRules(localDonationRules([chain], { cap: null })),
  ) as AcceptingDonationRules;
  const databases: Array<[string, () => Promise<Database>]> = [
    ['PGlite', () => openDatabase({ kind: 'pglite', dataDir: 'memory://' }, silent)],
  ];
  if (process.env.DATABASE_URL) {
    databases.push([
      'PostgreSQL',
      async () => {
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query('DROP SCHEMA IF EXISTS bench_donations CASCADE; CREATE SCHEMA bench_donations');
        await admin.end();
        const url = new URL(process.env.DATABASE_URL!);
        url.searchParams.set('options', '-c search_path=bench_donations');
        return openDatabase(
          { kind: 'postgres', url: url.toString(), poolSize: 4, connectTimeoutMs: 2000, queryTimeoutMs: 60_000 },
          silent,
        );
      },
    ]);
  }
  for (const [name, open] of databases) {
    const db = await open();
    await migrate(db);
    if (name === 'PGlite') {
      const watched = await watcherCatchUp(chain, db, rules);
      console.log(
        `watcher catch-up: ${watched.blocks} blocks and ${watched.transfers} transfers in ${watched.seconds.toFixed(1)} s: ${(watched.blocks / watched.seconds).toFixed(0)} blocks/s, ${(watched.transfers / watched.seconds).toFixed(0)} transfers/s`,
      );
    }
    const csv = await csvExport(db, rules);
    console.log(
      `treasurer CSV of ${csv.rows} donations on ${name}: ${csv.ms.toFixed(0)} ms (median of 3), ${(csv.bytes / 1e6).toFixed(1)} MB, each row written to the access log`,
    );
    console.log(`public ledger of ${csv.rows} donations on ${name}: ${csv.publicLedgerMs.toFixed(0)} ms (median of 3)`);
    await db.close();
    const fresh = await open();
    await migrate(fresh);
    const pledging = await pledgeLatency(chain, fresh);
    console.log(
      `a pledge with ${STORED_GIFTS} gifts and ${OPEN_PLEDGES} open pledges stored on ${name}: ${pledging.pledgeMs.toFixed(1)} ms, its signature ${pledging.signMs.toFixed(1)} ms (medians of ${PLEDGES})`,
    );
    await fresh.close();
  }
} finally {
  chain.stop();
}
process.exit(0);
