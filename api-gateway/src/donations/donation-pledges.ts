import { randomUUID } from 'node:crypto';
import { formatEther, id, parseEther, verifyTypedData, ZeroHash } from 'ethers';
import {
  donationPledgeTypedData,
  legalDocumentVersions,
  type DonationDeclaration,
  type DonationPledge,
  type DonationPledgeTypedData,
} from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import { acceptsPledges } from './donation-rules.js';
import { valueAt } from './donation-value.js';
import { donorKey, provenKeys } from './donor-identity.js';
import { cents, provenTotalCents } from './donor-totals.js';
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
/** One pledge is weighed against the caps at a time, whoever makes or signs it: a donor is known by more than one key. */
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

/**
 * Whether a gift worth `value` would take its donor past the cap, counting only what they have
 * proved theirs (`keys`, donor-identity.ts): the refusal names their own figures and no one else's.
 */
async function overCap(
  context: LedgerContext,
  q: Queryable,
  { keys, value, except }: { keys: string[]; value: string; except: string | null },
): Promise<{ kind: 'over-cap'; message: string } | null> {
  const { rules } = context;
  if (!rules.cap) return null;
  const before = await provenTotalCents(q, rules, keys, { openPledges: true, except });
  const capCents = cents(rules.cap.amount);
  if (before + cents(value) <= capCents) return null;
  const period = rules.cap.period.kind === 'since' ? `for ${rules.cap.period.label}` : 'in a calendar year';
  const left = Math.max(0, capCents - before) / 100;
  return {
    kind: 'over-cap',
    message:
      left > 0
        ? `We may accept at most ${context.money(rules.cap.amount)} from one person ${period}. This donation is worth ${context.money(value)} now; you can give up to ${context.money(left)} more.`
        : `We may accept at most ${context.money(rules.cap.amount)} from one person ${period}, and you have given it. Thank you!`,
  };
}

const utcMinute = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Who makes a pledge, as the request shows it. */
export interface Pledger {
  /** The email of the member signed in while pledging: a declaration under it is proved theirs. */
  signedInEmail: string | null;
}

/**
 * Values a pledge now, checks it against the rules (declaration, a fresh price, the cap counted with
 * what the donor has proved theirs so far, under one lock) and stores it for its wallet to sign.
 * Its wallet is proved only by the signature: the cap is weighed again then (signPledge).
 */
export async function pledgeDonation(
  context: LedgerContext,
  { chainId, account, amountEth, declaration }: DonationPledge,
  { signedInEmail }: Pledger,
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
  const emailConfirmed =
    email !== null && signedInEmail !== null && email.trim().toLowerCase() === signedInEmail.trim().toLowerCase();
  const pledgeId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CAP_LOCK]);
    // A member's page holds one pledge at a time: their earlier ones no wallet signed stop counting.
    // No one else's are ended: a pledge naming a wallet must not end its owner's before they sign.
    if (emailConfirmed) {
      await tx.query(
        `UPDATE donation_pledges p SET expires_at = now()
          WHERE p.email_confirmed AND lower(p.email) = lower($1) AND p.signature IS NULL AND p.expires_at > now()
            AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)`,
        [email],
      );
    }
    const refusal = await overCap(context, tx, {
      keys: provenKeys({ sender: null, email, emailConfirmed }),
      value,
      except: null,
    });
    if (refusal) return refusal;
    const digest = declarationDigest(declaration);
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO donation_pledges (id, chain_id, sender, amount_wei, currency, value_at_pledge, declaration, donor_key, email, email_confirmed, rules_profile,
                                     site_origin, head_block, declaration_digest, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() + $15 * interval '1 millisecond')
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
        emailConfirmed,
        rules.profile,
        context.siteOrigin.href,
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
 * pledge names, and when, the wallet now proved, the gift still fits under its donor's cap. Without
 * it, no transaction fulfils the pledge.
 */
export async function signPledge(
  context: LedgerContext,
  pledgeId: string,
  signature: string,
): Promise<SignatureOutcome> {
  const { rows } = await context.db.query<
    SignablePledge & {
      sender: string;
      signature: string | null;
      expired: boolean;
      email: string | null;
      email_confirmed: boolean;
      value: string;
    }
  >(
    `SELECT id, chain_id, sender, amount_wei::text, declaration, declaration_digest, signature, expires_at <= now() AS expired,
            email, email_confirmed, value_at_pledge::text AS value
       FROM donation_pledges WHERE id = $1`,
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
  return context.db.transaction(async (tx): Promise<SignatureOutcome> => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CAP_LOCK]);
    const refusal = await overCap(context, tx, {
      keys: provenKeys({ sender: pledge.sender, email: pledge.email, emailConfirmed: pledge.email_confirmed }),
      value: pledge.value,
      except: pledge.id,
    });
    if (refusal) return { kind: 'refused', status: 409, message: refusal.message };
    await tx.query(
      'UPDATE donation_pledges SET signature = $2, signed_at = now() WHERE id = $1 AND signature IS NULL',
      [pledgeId, signature.toLowerCase()],
    );
    return { kind: 'signed' };
  });
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
