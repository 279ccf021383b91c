import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatEther, parseEther, type TransactionReceipt, type TransactionResponse } from 'ethers';
import {
  donationNetwork,
  explorerTxUrl,
  legalDocumentVersions,
  PARTY_NAME,
  type DonationDeclaration,
  type DonationPledge,
  type DonationReport,
  type DonationResolution,
  type DonationStatus,
  type PublicDonationLedger,
} from '@party/shared-contracts';
import type { Database, Logger, Queryable } from '../../platform/index.js';
import { chainReader, type ChainReader } from './chain-reader.js';
import { capPeriodStart, type AcceptingDonationRules, type NetworkRules } from './donation-rules.js';
import { insertDonation, standing } from './donation-rows.js';
import { donationWatch, type DonationWatchOptions } from './donation-watch.js';
import { valueAt, type Valuation } from './donation-value.js';
import { renderEmail } from '../email/email-layout.js';
import { enqueueEmail } from '../email/outbox.js';
import { minedTransfer, refusalOf, refusals, requestedTransfer, tokenTransfers, type Refusal, type Transfer } from './transfer-check.js';

export type PledgeOutcome =
  | { kind: 'pledged'; id: string }
  | { kind: 'declaration-required'; message: string }
  | { kind: 'over-cap'; message: string };

export type ResolveOutcome = { kind: 'resolved' } | { kind: 'not-found' } | { kind: 'refused'; message: string };

export type ReportOutcome =
  | { kind: 'recorded'; status: DonationStatus; txHash: string }
  | { kind: 'refused'; reason: Refusal; message: string }
  | { kind: 'unknown-pledge' }
  | { kind: 'already-recorded' };

export interface DonationLedger {
  /** Values a pledge now, checks it against the rules (declaration, cap) and stores it; `origin` is the site's, for the receipt. */
  pledge(pledge: DonationPledge, origin: string): Promise<PledgeOutcome>;
  /** Verifies a broadcast transaction against its pledge on chain and records it. */
  report(report: DonationReport): Promise<ReportOutcome>;
  /** Re-checks the donations that are due (pending, or not yet at their depth); resolves with how many. */
  recheckDue(): Promise<number>;
  /** Reads each network's next blocks for transfers no pledge explains (DonationWatch). */
  watch(): Promise<number>;
  publicLedger(): Promise<PublicDonationLedger>;
  /**
   * The treasurer resolves a donation that needs action: its return, once the refund (from the
   * receiving address back to the sender, the same amount) is on chain; or its declaration, given
   * on the donor's behalf for a transfer no pledge explains.
   */
  resolve(donationId: string, staffEmail: string, resolution: DonationResolution): Promise<ResolveOutcome>;
  close(): void;
}

export interface DonationLedgerOptions {
  /** How long a report waits for its transaction to reach the gateway's node. */
  reportWaitMs?: number;
  /** The first wait before a pending donation is checked again; it doubles up to 10 minutes. */
  recheckMs?: number;
  /** A transaction gone from the chain and the mempool, its nonce unused, is dropped after this. */
  dropAfterMs?: number;
  /** Passed to each network's reader. */
  rpcTimeoutMs?: number;
  /** Called when a receipt has been put in the outbox (wakes this process's worker). */
  onEmailQueued?: () => void;
  readers?: Map<number, ChainReader>;
  watch?: DonationWatchOptions;
}

interface PledgeRow {
  id: string;
  chain_id: number;
  sender: string;
  amount_wei: string;
}

interface DonationRow {
  id: string;
  chain_id: number;
  tx_hash: string;
  sender: string;
  recipient: string;
  amount_wei: string;
  nonce: string;
  status: DonationStatus;
  block_hash: string | null;
  reported_at: Date;
  replaced_hash: string | null;
  checks: number;
  internal: boolean;
}

/** How far back from the head a replacement (same sender, same nonce) of a vanished transaction is looked for. */
const REPLACEMENT_SEARCH_BLOCKS = 128;
const CHECKS_AT_ONCE = 50;
const MAX_RECHECK_MS = 10 * 60_000;
const PRIVACY_POLICY = legalDocumentVersions['privacy-policy'];

/** A person as a declaration names them, whatever their spelling and spacing: name and postal code. */
export function donorKey(declaration: DonationDeclaration | undefined): string | null {
  if (!declaration?.fullName) return null;
  const plain = (text = '') =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
  return `${plain(declaration.fullName)}|${plain(declaration.postalCode)}`;
}

export function donationLedger(db: Database, rules: AcceptingDonationRules, logger: Logger, options: DonationLedgerOptions = {}): DonationLedger {
  const { reportWaitMs = 5_000, recheckMs = 15_000, dropAfterMs = 60 * 60_000, rpcTimeoutMs = 4_000 } = options;
  const readers =
    options.readers ?? new Map(rules.networks.map((network) => [network.chainId, chainReader(network.chainId, network.rpcUrls, logger, { timeoutMs: rpcTimeoutMs })]));
  const networkOf = (chainId: number) => {
    const network = rules.networks.find((candidate) => candidate.chainId === chainId);
    const reader = readers.get(chainId);
    const known = donationNetwork(chainId);
    if (!network || !reader || !known) throw new Error(`The donation rules do not accept chain ${chainId}`);
    return { network, reader, asset: known.asset };
  };
  const money = (amount: number | string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: rules.currency }).format(Number(amount));

  async function givenBefore(tx: Queryable, key: string | null, sender: string, email: string | null): Promise<number> {
    const { rows } = await tx.query<{ total: string }>(
      `SELECT coalesce(sum(coalesce(d.value, p.value_at_pledge)), 0)::text AS total
         FROM donations d LEFT JOIN donation_pledges p ON p.id = d.pledge_id
        WHERE d.status <> 'dropped' AND d.resolution IS DISTINCT FROM 'returned' AND coalesce(p.currency, d.currency) = $1 AND d.reported_at >= $2
          AND (d.sender = $3 OR (p.donor_key IS NOT NULL AND p.donor_key = $4) OR (p.email IS NOT NULL AND p.email = $5))`,
      [rules.currency, capPeriodStart(rules), sender, key, email],
    );
    return Number(rows[0]?.total ?? 0);
  }

  async function pledge({ chainId, account, amountEth, declaration }: DonationPledge, origin: string): Promise<PledgeOutcome> {
    const { network, reader } = networkOf(chainId);
    const amountWei = parseEther(amountEth);
    const { value } = await valueAt(reader, network.priceFeeds, amountWei, 'latest');
    if (!declaration && Number(value) > rules.declarationThreshold) {
      return {
        kind: 'declaration-required',
        message:
          rules.declarationThreshold === 0
            ? 'Every donation needs a declaration of who is giving. Please complete it below.'
            : `Donations over ${money(rules.declarationThreshold)} need a declaration of who is giving. Please complete it below.`,
      };
    }
    const sender = account.toLowerCase();
    const key = donorKey(declaration);
    const email = declaration?.email ?? null;
    const id = randomUUID();
    return db.transaction(async (tx) => {
      if (rules.cap) {
        // One pledge at a time per sender, so that two tabs cannot both pass the cap.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`donation-cap:${sender}`]);
        const before = await givenBefore(tx, key, sender, email);
        const period = rules.cap.period.kind === 'since' ? `for ${rules.cap.period.label}` : 'in a calendar year';
        if (before + Number(value) > rules.cap.amount) {
          const left = Math.max(0, rules.cap.amount - before);
          return {
            kind: 'over-cap',
            message:
              left > 0
                ? `We may accept at most ${money(rules.cap.amount)} from one person ${period}. This donation is worth ${money(value)} now; you can give up to ${money(left)} more.`
                : `We may accept at most ${money(rules.cap.amount)} from one person ${period}, and you have given it. Thank you!`,
          } satisfies PledgeOutcome;
        }
      }
      await tx.query(
        `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile, site_origin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [id, chainId, sender, amountWei.toString(), rules.currency, value, declaration ? JSON.stringify(declaration) : null, key, email, rules.profile, origin],
      );
      if (email) {
        await tx.query(`INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'donation', 'privacy-policy', $2)`, [email, PRIVACY_POLICY]);
      }
      return { kind: 'pledged', id } satisfies PledgeOutcome;
    });
  }

  async function waitForTransaction(reader: ChainReader, hash: string): Promise<TransactionResponse | null> {
    const deadline = Date.now() + reportWaitMs;
    for (;;) {
      const transaction = await reader.transaction(hash);
      if (transaction || Date.now() >= deadline) return transaction;
      await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
    }
  }

  /** A mined transaction's standing and value, or why it does not fulfil what was pledged. */
  async function minedFacts(network: NetworkRules, reader: ChainReader, asset: ReturnType<typeof networkOf>['asset'], expected: Transfer, transaction: TransactionResponse, receipt: TransactionReceipt) {
    if (receipt.status !== 1) return { refusal: 'reverted' as const };
    const refusal = refusalOf(minedTransfer(receipt, transaction, asset, network.receivingAddress), expected);
    if (refusal) return { refusal };
    const [status, valuation] = await Promise.all([standing(network, reader, receipt.blockNumber), valueAt(reader, network.priceFeeds, expected.amountWei, receipt.blockNumber)]);
    return { refusal: null, status, valuation };
  }

  function refused(reason: Refusal, report: DonationReport): ReportOutcome {
    logger.warn({ chainId: report.chainId, txHash: report.txHash, pledge: report.pledge, reason }, 'a donation report was refused');
    return { kind: 'refused', reason, message: refusals[reason] };
  }

  /**
   * The watcher found the transfer before its page reported it, and recorded it as undeclared: the
   * pledge explains it if it came from the pledged account, with the pledged amount.
   */
  async function claim(pledged: PledgeRow, reported: DonationReport): Promise<ReportOutcome> {
    const txHash = reported.txHash.toLowerCase();
    const { rows } = await db.query<{ id: string; pledge_id: string | null; status: DonationStatus; sender: string; amount_wei: string }>(
      'SELECT id, pledge_id, status, sender, amount_wei::text FROM donations WHERE chain_id = $1 AND tx_hash = $2',
      [reported.chainId, txHash],
    );
    const row = rows[0];
    if (!row || row.pledge_id !== null) return row?.pledge_id === pledged.id ? { kind: 'recorded', status: row.status, txHash } : { kind: 'already-recorded' };
    if (row.sender !== pledged.sender) return refused('wrong-sender', reported);
    if (row.amount_wei !== pledged.amount_wei) return refused('wrong-amount', reported);
    const { rows: claimed } = await db.query<{ status: DonationStatus }>('UPDATE donations SET pledge_id = $1 WHERE id = $2 AND pledge_id IS NULL RETURNING status', [pledged.id, row.id]);
    return claimed[0] ? { kind: 'recorded', status: claimed[0].status, txHash } : { kind: 'already-recorded' };
  }

  async function report(reported: DonationReport): Promise<ReportOutcome> {
    const txHash = reported.txHash.toLowerCase();
    const { rows: pledges } = await db.query<PledgeRow>('SELECT id, chain_id, sender, amount_wei::text FROM donation_pledges WHERE id = $1', [reported.pledge]);
    const pledged = pledges[0];
    if (!pledged || pledged.chain_id !== reported.chainId) return { kind: 'unknown-pledge' };
    const { rows: known } = await db.query<{ pledge_id: string | null; tx_hash: string; status: DonationStatus }>(
      'SELECT pledge_id, tx_hash, status FROM donations WHERE pledge_id = $1 OR (chain_id = $2 AND tx_hash = $3)',
      [pledged.id, reported.chainId, txHash],
    );
    const same = known.find((row) => row.pledge_id === pledged.id && row.tx_hash === txHash);
    if (same) return { kind: 'recorded', status: same.status, txHash };
    if (known.length === 1 && known[0]!.pledge_id === null && known[0]!.tx_hash === txHash) return claim(pledged, reported);
    if (known.length > 0) return { kind: 'already-recorded' };

    const { network, reader, asset } = networkOf(reported.chainId);
    const expected: Transfer = { from: pledged.sender, to: network.receivingAddress.toLowerCase(), amountWei: BigInt(pledged.amount_wei) };
    const transaction = await waitForTransaction(reader, txHash);
    if (!transaction) return refused('unknown-transaction', reported);
    const requested = refusalOf(requestedTransfer(transaction, asset), expected);
    if (requested) return refused(requested, reported);

    const receipt = await reader.receipt(txHash);
    let status: DonationStatus = 'pending';
    let valuation: Valuation | null = null;
    if (receipt) {
      const mined = await minedFacts(network, reader, asset, expected, transaction, receipt);
      if (mined.refusal) return refused(mined.refusal, reported);
      ({ status, valuation } = mined);
    }
    const recorded = await insertDonation(db, {
      chainId: reported.chainId,
      txHash,
      pledgeId: pledged.id,
      sender: expected.from,
      recipient: expected.to,
      amountWei: expected.amountWei,
      nonce: transaction.nonce,
      status,
      mined: receipt ? { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash } : null,
      currency: rules.currency,
      valuation,
      recheckInMs: recheckMs,
    });
    // The watcher may have recorded it meanwhile, as undeclared: the pledge explains it.
    if (!recorded) return claim(pledged, reported);
    logger.info({ chainId: reported.chainId, txHash, status, value: valuation?.value, currency: rules.currency }, 'donation recorded');
    if (status === 'confirmed') await queueReceipts();
    return { kind: 'recorded', status, txHash };
  }

  /**
   * Puts a receipt in the outbox for each confirmed donation whose donor gave an email address and
   * has none yet: marked and queued in one transaction, so each is sent once.
   */
  async function queueReceipts(): Promise<number> {
    const queued = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ chain_id: number; tx_hash: string; amount_wei: string; value: string; received_at: Date; email: string; name: string | null; site_origin: string | null }>(
        `UPDATE donations d SET receipt_queued_at = now()
           FROM donation_pledges p
          WHERE p.id = d.pledge_id AND d.status = 'confirmed' AND d.receipt_queued_at IS NULL AND p.email IS NOT NULL
          RETURNING d.chain_id, d.tx_hash, d.amount_wei::text, d.value::text, d.received_at, p.email, p.declaration->>'fullName' AS name, p.site_origin`,
      );
      for (const row of rows) {
        const origin = row.site_origin ?? '';
        const network = donationNetwork(row.chain_id);
        const explorer = explorerTxUrl(row.chain_id, row.tx_hash);
        const email = renderEmail(
          {
            subject: `Your donation to ${PARTY_NAME}: receipt`,
            paragraphs: [
              row.name ? `Dear ${row.name},` : 'Hello,',
              `Thank you for your donation of ${formatEther(BigInt(row.amount_wei))} ETH on ${network?.name ?? `chain ${row.chain_id}`}, worth ${money(row.value)} when we received it on ${new Date(row.received_at).toISOString().slice(0, 10)}. It is confirmed on the blockchain and recorded in our ledger.`,
              `Transaction: ${row.tx_hash}`,
              'Donations to a political party are not tax-deductible. Keep this email for your records.',
            ],
            ...(explorer ? { action: { label: 'See the transaction', url: explorer } } : {}),
            footnote: `You receive this because you donated through ${origin || 'our website'} and gave this address for your receipt.`,
          },
          origin,
        );
        await enqueueEmail(tx, { kind: 'donation-receipt', to: row.email, ...email });
      }
      return rows.length;
    });
    if (queued > 0) options.onEmailQueued?.();
    return queued;
  }

  /** The transaction that took a vanished one's nonce: the wallet sped it up (same transfer) or cancelled it. */
  async function replacementOf(reader: ChainReader, row: DonationRow): Promise<TransactionResponse | null> {
    const head = await reader.blockNumber();
    for (let number = head; number >= Math.max(0, head - REPLACEMENT_SEARCH_BLOCKS); number -= 1) {
      const block = await reader.block(number, true);
      const found = block?.prefetchedTransactions.find((candidate) => candidate.from.toLowerCase() === row.sender && BigInt(candidate.nonce) === BigInt(row.nonce));
      if (found) return found;
    }
    return null;
  }

  interface Recheck {
    status: DonationStatus;
    txHash?: string;
    mined?: { blockNumber: number; blockHash: string; valuation: Valuation | null };
  }

  async function recheckOne(row: DonationRow): Promise<Recheck> {
    const { network, reader, asset } = networkOf(row.chain_id);
    const expected: Transfer = { from: row.sender, to: row.recipient, amountWei: BigInt(row.amount_wei) };
    const [receipt, transaction] = await Promise.all([reader.receipt(row.tx_hash), reader.transaction(row.tx_hash)]);
    if (row.internal) {
      // Its transfer is inside the transaction, which the trace showed: what holds is the transaction's own fate.
      if (receipt?.status === 1) {
        const status = await standing(network, reader, receipt.blockNumber);
        const valuation = row.block_hash === receipt.blockHash ? null : await valueAt(reader, network.priceFeeds, expected.amountWei, receipt.blockNumber);
        return { status, mined: { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, valuation } };
      }
      if (receipt || (!transaction && Date.now() - row.reported_at.getTime() > dropAfterMs)) return { status: 'dropped' };
      return { status: 'pending' };
    }
    if (receipt && transaction) {
      const mined = await minedFacts(network, reader, asset, expected, transaction, receipt);
      if (mined.refusal) {
        logger.error({ chainId: row.chain_id, txHash: row.tx_hash, reason: mined.refusal }, 'a recorded donation does not hold on chain: dropped');
        return { status: 'dropped' };
      }
      // Mined in another block than before (a re-organisation re-mined it): valued again at that block.
      const valuation = row.block_hash === receipt.blockHash ? null : mined.valuation;
      return { status: mined.status, mined: { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, valuation } };
    }
    // Not in a block: back to pending, whatever it was, so that it is never counted while off the chain.
    if (transaction) return { status: 'pending' };
    if ((await reader.nonceOf(row.sender)) > Number(row.nonce)) {
      const replacement = await replacementOf(reader, row);
      if (replacement && !refusalOf(requestedTransfer(replacement, asset), expected)) {
        logger.info({ chainId: row.chain_id, txHash: row.tx_hash, replacement: replacement.hash }, 'a donation was replaced by the same transfer (sped up)');
        return { status: 'pending', txHash: replacement.hash.toLowerCase() };
      }
      logger.warn({ chainId: row.chain_id, txHash: row.tx_hash }, 'a donation was replaced by another transaction (cancelled): dropped');
      return { status: 'dropped' };
    }
    return { status: Date.now() - row.reported_at.getTime() > dropAfterMs ? 'dropped' : 'pending' };
  }

  async function recheckDue(): Promise<number> {
    // Claimed for two minutes, so that another instance does not check the same donation meanwhile.
    const { rows } = await db.query<DonationRow>(
      `UPDATE donations SET next_check_at = now() + interval '2 minutes', checks = checks + 1
        WHERE id IN (SELECT id FROM donations WHERE status IN ('pending', 'received') AND next_check_at <= now()
                      ORDER BY next_check_at LIMIT ${CHECKS_AT_ONCE} FOR UPDATE SKIP LOCKED)
        RETURNING id, chain_id, tx_hash, sender, recipient, amount_wei::text, nonce::text, status, block_hash, reported_at, replaced_hash, checks, internal`,
    );
    for (const row of rows) {
      let outcome: Recheck;
      try {
        outcome = await recheckOne(row);
      } catch (error) {
        logger.warn({ err: error, chainId: row.chain_id, txHash: row.tx_hash }, 'a donation could not be re-checked; it will be again');
        continue;
      }
      const wait = Math.min(MAX_RECHECK_MS, recheckMs * 2 ** Math.min(row.checks, 10));
      const replaced = outcome.txHash && outcome.txHash !== row.tx_hash;
      await db.query(
        `UPDATE donations SET
           status = $2,
           tx_hash = $3,
           replaced_hash = $4,
           block_number = CASE WHEN $2 IN ('received', 'confirmed') THEN $5::bigint END,
           block_hash = CASE WHEN $2 IN ('received', 'confirmed') THEN $6 END,
           value = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $7::numeric IS NULL THEN value ELSE $7::numeric END,
           rate = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $8::numeric IS NULL THEN rate ELSE $8::numeric END,
           price_rounds = CASE WHEN $2 NOT IN ('received', 'confirmed') THEN NULL WHEN $9::jsonb IS NULL THEN price_rounds ELSE $9::jsonb END,
           received_at = CASE WHEN $2 IN ('received', 'confirmed') THEN coalesce(received_at, now()) END,
           confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() END,
           dropped_at = CASE WHEN $2 = 'dropped' THEN now() END,
           next_check_at = now() + $10 * interval '1 millisecond',
           checks = CASE WHEN $11 THEN 0 ELSE checks END
         WHERE id = $1`,
        [
          row.id,
          outcome.status,
          outcome.txHash ?? row.tx_hash,
          replaced ? (row.replaced_hash ?? row.tx_hash) : row.replaced_hash,
          outcome.mined?.blockNumber ?? null,
          outcome.mined?.blockHash ?? null,
          outcome.mined?.valuation?.value ?? null,
          outcome.mined?.valuation?.rate ?? null,
          outcome.mined?.valuation ? JSON.stringify(outcome.mined.valuation.rounds) : null,
          replaced ? 0 : wait,
          Boolean(replaced),
        ],
      );
      if (outcome.status !== row.status || replaced) {
        logger.info({ chainId: row.chain_id, txHash: outcome.txHash ?? row.tx_hash, from: row.status, to: outcome.status }, 'donation status changed');
      }
    }
    await queueReceipts();
    return rows.length;
  }

  async function publicLedger(): Promise<PublicDonationLedger> {
    const [months, donors, disclosed] = await Promise.all([
      db.query<{ month: string; chain_id: number; donations: number; amount_wei: string; value: string }>(
        `SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, chain_id, count(*)::int AS donations,
                sum(amount_wei)::text AS amount_wei, sum(value)::text AS value
           FROM donations WHERE status = 'confirmed' AND pledge_id IS NOT NULL AND resolution IS DISTINCT FROM 'returned' GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      ),
      db.query<{ donors: number }>(
        `SELECT count(DISTINCT coalesce(p.donor_key, d.sender))::int AS donors
           FROM donations d JOIN donation_pledges p ON p.id = d.pledge_id WHERE d.status = 'confirmed' AND d.resolution IS DISTINCT FROM 'returned'`,
      ),
      db.query<{ name: string; chain_id: number; tx_hash: string; amount_wei: string; value: string; received_at: Date }>(
        `SELECT p.declaration->>'fullName' AS name, d.chain_id, d.tx_hash, d.amount_wei::text, d.value::text, d.received_at
           FROM donations d JOIN donation_pledges p ON p.id = d.pledge_id
          WHERE d.status = 'confirmed' AND d.resolution IS DISTINCT FROM 'returned' AND d.value > $1 AND p.declaration ? 'fullName'
          ORDER BY d.received_at DESC LIMIT 500`,
        [rules.disclosureThreshold],
      ),
    ]);
    return {
      currency: rules.currency,
      disclosureThreshold: rules.disclosureThreshold,
      donors: donors.rows[0]?.donors ?? 0,
      months: months.rows.map((row) => ({ month: row.month, chainId: row.chain_id, donations: row.donations, amountEth: formatEther(BigInt(row.amount_wei)), value: Number(row.value).toFixed(2) })),
      disclosed: disclosed.rows.map((row) => ({
        name: row.name,
        chainId: row.chain_id,
        txHash: row.tx_hash,
        amountEth: formatEther(BigInt(row.amount_wei)),
        value: Number(row.value).toFixed(2),
        receivedAt: new Date(row.received_at).toISOString(),
      })),
    };
  }

  const watcher = donationWatch(db, rules, readers, logger, { recheckMs, ...options.watch });

  async function resolve(donationId: string, staffEmail: string, resolution: DonationResolution): Promise<ResolveOutcome> {
    const { rows } = await db.query<{ chain_id: number; sender: string; recipient: string; amount_wei: string; pledge_id: string | null; value: string | null; resolution: string | null }>(
      'SELECT chain_id, sender, recipient, amount_wei::text, pledge_id, value::text, resolution FROM donations WHERE id = $1',
      [donationId],
    );
    const donation = rows[0];
    if (!donation) return { kind: 'not-found' };
    if (donation.resolution) return { kind: 'refused', message: `This donation is already resolved (${donation.resolution}).` };
    if (resolution.resolution === 'returned') {
      const { reader, asset } = networkOf(donation.chain_id);
      const [receipt, refund] = await Promise.all([reader.receipt(resolution.refundHash), reader.transaction(resolution.refundHash)]);
      const back: Transfer = { from: donation.recipient, to: donation.sender, amountWei: BigInt(donation.amount_wei) };
      const returned =
        receipt?.status === 1 &&
        refund &&
        (asset.kind === 'native'
          ? !refusalOf(requestedTransfer(refund, asset), back)
          : tokenTransfers(receipt.logs, asset.address).some((transfer) => !refusalOf(transfer, back)));
      if (!returned) return { kind: 'refused', message: 'That transaction does not return this donation: it must send the same amount from the receiving address back to the sender, and have succeeded.' };
      await db.query(`UPDATE donations SET resolution = 'returned', refund_hash = $2, resolved_by = $3, resolved_at = now() WHERE id = $1`, [donationId, resolution.refundHash.toLowerCase(), staffEmail]);
    } else {
      if (donation.pledge_id) return { kind: 'refused', message: 'This donation was declared by its donor already.' };
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [id, donation.chain_id, donation.sender, donation.amount_wei, rules.currency, donation.value ?? 0, JSON.stringify(resolution.declaration), donorKey(resolution.declaration), resolution.declaration.email ?? null, rules.profile],
        );
        await tx.query(`UPDATE donations SET pledge_id = $2, resolution = 'declared', resolved_by = $3, resolved_at = now() WHERE id = $1`, [donationId, id, staffEmail]);
      });
    }
    logger.info({ donation: donationId, resolution: resolution.resolution, by: staffEmail }, 'a donation was resolved by the treasurer');
    return { kind: 'resolved' };
  }

  return {
    pledge,
    report,
    recheckDue,
    watch: () => watcher.watch(),
    publicLedger,
    resolve,
    close: () => readers.forEach((reader) => reader.close()),
  };
}
