import { randomUUID } from 'node:crypto';
import { formatEther, id, parseEther, verifyTypedData, ZeroHash } from 'ethers';
import {
  donationPledgeTypedData,
  legalDocumentVersions,
  type DonationDeclaration,
  type DonationPledge,
  type DonationPledgeTypedData,
} from '@party/shared-contracts';
import { acceptsPledges } from './donation-rules.js';
import { valueAt } from './donation-value.js';
import { donorKey } from './donor-identity.js';
import { capEntries, cents, donorTotalCents } from './donor-totals.js';
import type { LedgerContext } from './ledger-context.js';

export type PledgeOutcome =
  | { kind: 'pledged'; id: string; typedData: DonationPledgeTypedData; expiresAt: Date }
  | { kind: 'declaration-required'; message: string }
  | { kind: 'over-cap'; message: string }
  | { kind: 'price-stale'; message: string }
  | { kind: 'closed' };

export type SignatureOutcome =
  | { kind: 'signed' }
  | { kind: 'not-found' }
  | { kind: 'expired' }
  | { kind: 'refused'; status: 409 | 422; message: string };

export type WithdrawalOutcome = { kind: 'withdrawn' } | { kind: 'not-found' } | { kind: 'fulfilled' };

const PRIVACY_POLICY = legalDocumentVersions['privacy-policy'];
/** One pledge is weighed against the caps at a time, whoever makes it: a donor is known by any of three keys. */
const CAP_LOCK = 'donation-cap';

/** Keys in order, at every depth: the same declaration always gives the same text, and digest. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const declarationDigest = (declaration: DonationDeclaration | null | undefined): string =>
  declaration ? id(canonicalJson(declaration)) : ZeroHash;

interface SignablePledge {
  id: string;
  chain_id: number;
  amount_wei: string;
  declaration: DonationDeclaration | null;
  declaration_digest: string;
}

/** The typed data a pledge's wallet signs, rebuilt from the pledge as stored. */
function typedDataOf(context: LedgerContext, pledge: SignablePledge): DonationPledgeTypedData {
  const { network } = context.networkOf(pledge.chain_id);
  const amountWei = BigInt(pledge.amount_wei);
  return donationPledgeTypedData({
    pledge: pledge.id,
    chainId: pledge.chain_id,
    recipient: network.receivingAddress,
    amountWei,
    amountEth: formatEther(amountWei),
    donor: pledge.declaration?.fullName ?? null,
    declarationDigest: pledge.declaration_digest,
  });
}

const utcMinute = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Values a pledge now, checks it against the rules (declaration, a fresh price, the cap counted with
 * the donor's open pledges, under one lock) and stores it for its wallet to sign. `origin` is the
 * site's, for the receipt.
 */
export async function pledgeDonation(
  context: LedgerContext,
  { chainId, account, amountEth, declaration }: DonationPledge,
  origin: string,
): Promise<PledgeOutcome> {
  const { rules, db } = context;
  if (!acceptsPledges(rules)) return { kind: 'closed' };
  const { network, reader } = context.networkOf(chainId);
  const amountWei = parseEther(amountEth);
  const now = Math.floor(Date.now() / 1000);
  const [valuation, headBlock] = await Promise.all([
    valueAt(reader, network.priceFeeds, amountWei, 'latest', now),
    reader.blockNumber(),
  ]);
  if (valuation.staleFeeds.length > 0) {
    const since = Math.min(
      ...valuation.rounds.filter((round) => valuation.staleFeeds.includes(round.feed)).map((round) => round.updatedAt),
    );
    context.logger.warn(
      { chainId, feeds: valuation.staleFeeds, since: utcMinute(since) },
      'a price feed is stale: pledges wait',
    );
    return {
      kind: 'price-stale',
      message: `We cannot value your donation just now: the ETH price we rely on has not been updated since ${utcMinute(since)}. Please try again in a little while; nothing was sent.`,
    };
  }
  const { value } = valuation;
  if (!declaration && Number(value) > rules.declarationThreshold) {
    return {
      kind: 'declaration-required',
      message:
        rules.declarationThreshold === 0
          ? 'Every donation needs a declaration of who is giving. Please complete it below.'
          : `Donations over ${context.money(rules.declarationThreshold)} need a declaration of who is giving. Please complete it below.`,
    };
  }
  const sender = account.toLowerCase();
  const email = declaration?.email ?? null;
  const pledgeId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CAP_LOCK]);
    // A page holds one pledge at a time: the sender's earlier ones its wallet never signed cannot be fulfilled, and stop counting.
    await tx.query(
      `UPDATE donation_pledges p SET expires_at = now()
        WHERE p.sender = $1 AND p.signature IS NULL AND p.expires_at > now() AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)`,
      [sender],
    );
    if (rules.cap) {
      const before = donorTotalCents(await capEntries(tx, rules, { openPledges: true }), {
        sender,
        declaration,
        email,
      });
      const capCents = cents(rules.cap.amount);
      const period = rules.cap.period.kind === 'since' ? `for ${rules.cap.period.label}` : 'in a calendar year';
      if (before + cents(value) > capCents) {
        const left = Math.max(0, capCents - before) / 100;
        return {
          kind: 'over-cap',
          message:
            left > 0
              ? `We may accept at most ${context.money(rules.cap.amount)} from one person ${period}. This donation is worth ${context.money(value)} now; you can give up to ${context.money(left)} more.`
              : `We may accept at most ${context.money(rules.cap.amount)} from one person ${period}, and you have given it. Thank you!`,
        } satisfies PledgeOutcome;
      }
    }
    const digest = declarationDigest(declaration);
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, rules_profile, site_origin,
                                     head_block, declaration_digest, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now() + $14 * interval '1 millisecond')
       RETURNING expires_at`,
      // donor_key is what the build before this one reads; this one folds the declaration itself (donor-identity.ts).
      [
        pledgeId,
        chainId,
        sender,
        amountWei.toString(),
        rules.currency,
        value,
        declaration ? JSON.stringify(declaration) : null,
        donorKey(declaration),
        email,
        rules.profile,
        origin,
        headBlock,
        digest,
        context.timing.pledgeMs,
      ],
    );
    if (email) {
      await tx.query(
        `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'donation', 'privacy-policy', $2)`,
        [email, PRIVACY_POLICY],
      );
    }
    const typedData = typedDataOf(context, {
      id: pledgeId,
      chain_id: chainId,
      amount_wei: amountWei.toString(),
      declaration: declaration ?? null,
      declaration_digest: digest,
    });
    return { kind: 'pledged', id: pledgeId, typedData, expiresAt: rows[0]!.expires_at } satisfies PledgeOutcome;
  });
}

/**
 * Takes the wallet's EIP-712 signature of a pledge: kept only when it recovers to the account the
 * pledge names. Without it, no transaction fulfils the pledge.
 */
export async function signPledge(
  context: LedgerContext,
  pledgeId: string,
  signature: string,
): Promise<SignatureOutcome> {
  const { rows } = await context.db.query<
    SignablePledge & { sender: string; signature: string | null; expired: boolean }
  >(
    `SELECT id, chain_id, sender, amount_wei::text, declaration, declaration_digest, signature, expires_at <= now() AS expired FROM donation_pledges WHERE id = $1`,
    [pledgeId],
  );
  const pledge = rows[0];
  if (!pledge) return { kind: 'not-found' };
  if (pledge.signature)
    return pledge.signature === signature.toLowerCase()
      ? { kind: 'signed' }
      : { kind: 'refused', status: 409, message: 'This pledge is signed already.' };
  // A pledge the build before this one made names no digest: it cannot be signed, only made again.
  if (pledge.expired || !pledge.declaration_digest) return { kind: 'expired' };
  const { domain, types, message } = typedDataOf(context, pledge);
  let signer: string;
  try {
    signer = verifyTypedData(domain, types, message, signature).toLowerCase();
  } catch {
    return {
      kind: 'refused',
      status: 422,
      message: 'This is not a valid signature. Please sign the declaration in your wallet again.',
    };
  }
  if (signer !== pledge.sender) {
    context.logger.warn(
      { pledge: pledgeId, signer, sender: pledge.sender },
      'a pledge was signed by another wallet than it names: refused',
    );
    return {
      kind: 'refused',
      status: 422,
      message: `This signature is not from the wallet you pledged with (${pledge.sender.slice(0, 6)}…${pledge.sender.slice(-4)}). Please sign with that wallet.`,
    };
  }
  await context.db.query(
    'UPDATE donation_pledges SET signature = $2, signed_at = now() WHERE id = $1 AND signature IS NULL',
    [pledgeId, signature.toLowerCase()],
  );
  return { kind: 'signed' };
}

/** The donor sent nothing (they declined in their wallet): the pledge stops counting toward their cap. */
export async function withdrawPledge(context: LedgerContext, pledgeId: string): Promise<WithdrawalOutcome> {
  const { rows } = await context.db.query<{ fulfilled: boolean }>(
    `WITH pledge AS (
       SELECT p.id, EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id) AS fulfilled FROM donation_pledges p WHERE p.id = $1
     ), withdrawn AS (
       UPDATE donation_pledges SET expires_at = least(expires_at, now()) WHERE id IN (SELECT id FROM pledge WHERE NOT fulfilled)
     )
     SELECT fulfilled FROM pledge`,
    [pledgeId],
  );
  if (!rows[0]) return { kind: 'not-found' };
  return rows[0].fulfilled ? { kind: 'fulfilled' } : { kind: 'withdrawn' };
}
