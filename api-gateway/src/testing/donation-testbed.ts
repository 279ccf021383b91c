import request from 'supertest';
import {
  walletTypedData,
  type DonationDeclaration,
  type DonationPledge,
  type DonationPledgeTypedData,
  type DonationStatus,
} from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { newDeclaration } from './donation-declaration.js';
import { passwordHasher } from '../platform/passwords/password-hash.js';
import { LOCAL_ACCOUNTS, localDonationRules, toWei, writeDonationRules, type LocalChain } from './local-chain.js';
import { signedInStaff } from './staff-session.js';
import { openTestDatabase, type TestDatabase } from './test-databases.js';
import { startTestGateway, type TestGateway } from './test-gateway.js';
import type { DonationLedger } from '../donations/donation-ledger.js';
import { donationWorker } from './donation-worker.js';

/** A row of `donations` as the donation tests read it. */
export interface DonationRowSeen {
  id: string;
  status: DonationStatus;
  value: string | null;
  rate: string | null;
  tx_hash: string;
  replaced_hash: string | null;
  pledge_id: string | null;
  disagreement: Record<string, string> | null;
}

const hex = (wei: bigint) => `0x${wei.toString(16)}`;
const word = (value: string) => value.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/** A transfer of `eth` from an unlocked local account, as its wallet would send it: the hash. */
export const send = (chain: LocalChain, from: string, to: string, eth: string) =>
  chain.rpc<string>('eth_sendTransaction', [{ from, to, value: hex(toWei(eth)) }]);

/** A WETH `transfer` on the local Polygon. */
export const sendToken = (chain: LocalChain, token: string, from: string, to: string, eth: string) =>
  chain.rpc<string>('eth_sendTransaction', [
    { from, to: token, data: `0xa9059cbb${word(to)}${word(toWei(eth).toString(16))}`, gas: '0x30000' },
  ]);

/**
 * A gateway under local donation rules, on a database of its own, with what the donation tests do
 * to it: declare, pledge, sign as a wallet does (the local node's `eth_signTypedData_v4`), report,
 * read the ledger's rows, run the worker's rounds, and sign in a treasurer.
 */
export interface DonationTestbed {
  gateway: TestGateway;
  /** A second instance's donation worker, whose rounds the test runs (donation-worker.ts). */
  worker: DonationLedger;
  test: TestDatabase;
  post(path: string, body: unknown): request.Test;
  /** A complete declaration of a new person (unless `change` names one). */
  declaration(change?: Partial<DonationDeclaration>): DonationDeclaration;
  /** `POST /api/donations/pledges`, declared by a new person unless `body` says otherwise. */
  pledge(body?: Partial<DonationPledge>): request.Test;
  /** The typed data signed by `signer` through the node of its chain, posted as the pledge's signature. */
  sign(pledgeId: string, typedData: DonationPledgeTypedData, signer: string): Promise<request.Response>;
  /** A pledge made and signed by its own account: its id. */
  signedPledge(body?: Partial<DonationPledge>): Promise<string>;
  report(pledge: string, txHash: string, chainId?: number): request.Test;
  donation(txHash: string): Promise<DonationRowSeen | undefined>;
  /** Every donation due now, re-checked as the worker does. */
  recheckNow(): Promise<void>;
  /** Reads every network's new blocks as the worker does, until it is caught up. */
  watchAll(): Promise<void>;
  /** A signed-in treasurer's session cookie. */
  treasurer(email: string): Promise<string>;
  /** A member whose email is confirmed, signed in: their session cookie, to pledge under it. */
  member(email: string): Promise<string>;
  close(): Promise<void>;
}

export interface DonationTestbedOptions {
  kind?: 'pglite' | 'postgres';
  /** Changes to the local rules (localDonationRules). */
  rules?: Record<string, unknown>;
  confirmations?: number;
  /** RPC URLs by chain, in place of each chain's own node. */
  rpcUrls?: Record<number, string[]>;
  env?: NodeJS.ProcessEnv;
}

export async function startDonationTestbed(
  chains: readonly LocalChain[],
  options: DonationTestbedOptions = {},
): Promise<DonationTestbed> {
  const test = await openTestDatabase(options.kind ?? 'pglite');
  await migrate(test.db);
  const rules = localDonationRules(chains, options.rules, options.confirmations);
  for (const network of rules.networks) network.rpcUrls = options.rpcUrls?.[network.chainId] ?? network.rpcUrls;
  const gateway = await startTestGateway(test.db, {
    FORM_RATE_LIMIT: '100000',
    DONATION_RULES: writeDonationRules(rules),
    ...options.env,
  });
  const worker = donationWorker(test.db, gateway);
  const chainOf = (chainId: number) => chains.find((chain) => chain.chainId === chainId) ?? chains[0]!;
  const post = (path: string, body: unknown) =>
    request(gateway.url)
      .post(path)
      .set('Origin', gateway.url)
      .send(body as object);
  const declaration = newDeclaration;
  const pledge = (body: Partial<DonationPledge> = {}) =>
    post('/api/donations/pledges', {
      chainId: chains[0]!.chainId,
      account: LOCAL_ACCOUNTS[0],
      amountEth: '0.01',
      declaration: declaration(),
      privacy: true,
      ...body,
    });
  const sign = async (pledgeId: string, typedData: DonationPledgeTypedData, signer: string) => {
    // Through the node of the pledge's chain, as a wallet on that network signs.
    const signature = await chainOf(typedData.domain.chainId).rpc<string>('eth_signTypedData_v4', [
      signer,
      walletTypedData(typedData),
    ]);
    return post(`/api/donations/pledges/${pledgeId}/signature`, { signature });
  };
  return {
    gateway,
    worker,
    test,
    post,
    declaration,
    pledge,
    sign,
    async signedPledge(body = {}) {
      const { status, body: answer } = await pledge(body);
      // The answer in the failure: a refusal says why.
      expect({ status, answer }).toMatchObject({ status: 201 });
      const signed = await sign(answer.pledge, answer.typedData, body.account ?? LOCAL_ACCOUNTS[0]);
      expect({ status: signed.status, answer: signed.body }).toMatchObject({ status: 204 });
      return answer.pledge as string;
    },
    report: (pledgeId, txHash, chainId = chains[0]!.chainId) =>
      post('/api/donations', { pledge: pledgeId, chainId, txHash }),
    async donation(txHash) {
      const { rows } = await test.db.query<DonationRowSeen>(
        'SELECT id::text, status, value::text, rate::text, tx_hash, replaced_hash, pledge_id, disagreement FROM donations WHERE tx_hash = $1 OR replaced_hash = $1',
        [txHash.toLowerCase()],
      );
      return rows[0];
    },
    async recheckNow() {
      await test.db.query('UPDATE donations SET next_check_at = now()');
      await worker.recheckDue();
    },
    async watchAll() {
      for (let rounds = 0; rounds < 20 && (await worker.watch()) > 0; rounds += 1);
    },
    treasurer: async (email) =>
      (await signedInStaff(gateway.url, test.db, 'treasurer', email, 'Tess Treasurer')).cookie,
    async member(email) {
      const password = 'a member’s own password';
      const hasher = passwordHasher({ concurrency: 1, queue: 1 });
      const hash = await hasher.hash(password).finally(() => hasher.close());
      await test.db.query(
        `INSERT INTO members (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier, terms_accepted_at, status, confirmed_at)
         VALUES ('Katherine', 'Johnson', $1, $2, '1 Main Street', 'Hampton', 'VA', '23666', 'member', now(), 'active', now())`,
        [email, hash],
      );
      const signedIn = await post('/api/member/session', { email, password }).expect(200, { signedIn: true });
      return ([] as string[])
        .concat(signedIn.headers['set-cookie'] ?? [])
        .find((line) => line.startsWith('__Host-party_session='))!
        .split(';')[0]!;
    },
    async close() {
      worker.close();
      await gateway.close();
      await test.dispose();
    },
  };
}
