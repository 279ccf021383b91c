import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context } from 'koa';
import { Secret, TOTP } from 'otpauth';
import { PARTY_NAME, RECOVERY_CODE_PATTERN, TOTP_PERIOD_SECONDS, type SecondFactorRow } from '@party/shared-contracts';
import type { Queryable, SiteOrigin } from '../../platform/index.js';
import { nonceHash } from '../../platform/index.js';

/** Where passkeys are made and used: the site's origin, and its host name as the relying party's id. */
export interface RelyingParty {
  origin: string;
  id: string;
}

/**
 * A request's relying party: the page's origin when the site owns it (its configured origins: on a
 * loopback gateway also localhost, where passkeys work), else the site's origin.
 */
export const requestRelyingParty =
  (siteOrigin: SiteOrigin) =>
  (ctx: Context): RelyingParty => {
    const page = ctx.get('Origin');
    const origin = page && siteOrigin.owns(page) ? page : siteOrigin.href;
    return { origin, id: new URL(origin).hostname };
  };

const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 24 base32 characters from 15 random bytes, in groups of six to copy and read. */
function newRecoveryCode(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code.match(/.{6}/g)!.join('-');
}

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: PARTY_NAME,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The 30-second step a code belongs to; only the current step's code is accepted (ASVS 6.5.5). */
const currentStep = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

const totpMatches = (secret: string, code: string, now: number) =>
  totpOf(secret).validate({ token: code, timestamp: now, window: 0 }) === 0;

interface PasskeyRow {
  id: string;
  credential_id: string;
  public_key: string;
  sign_count: string;
  transports: string | null;
}

const transportsOf = (row: PasskeyRow) =>
  row.transports ? (JSON.parse(row.transports) as AuthenticatorTransport[]) : undefined;

/** Whose factors: a staff member's, or a member's (each in tables of its own, decision 0030). */
export type FactorOwner = 'staff' | 'member';

const tablesOf = {
  staff: { factors: 'staff_factors', codes: 'staff_recovery_codes', owner: 'staff_id' },
  member: { factors: 'member_factors', codes: 'member_recovery_codes', owner: 'member_id' },
} as const satisfies Record<FactorOwner, { factors: string; codes: string; owner: string }>;

/**
 * The second factors of a staff member or a member: passkeys (WebAuthn), an authenticator app
 * (TOTP, RFC 6238) and recovery codes. Every check here is one statement, so that two requests
 * cannot both use one code.
 */
/** The passkey ceremonies (WebAuthn) of one kind of account: registering a passkey, and signing in with one. */
function passkeyFactors(db: Queryable, whose: FactorOwner) {
  const { factors: FACTORS, owner: OWNER } = tablesOf[whose];
  const passkeysOf = async (ownerId: string) =>
    (
      await db.query<PasskeyRow>(
        `SELECT id::text, credential_id, public_key, sign_count::text, transports FROM ${FACTORS} WHERE ${OWNER} = $1 AND kind = 'passkey'`,
        [ownerId],
      )
    ).rows;

  return {
    async registrationOptions(
      person: { id: string; email: string; name: string },
      party: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      return generateRegistrationOptions({
        rpName: PARTY_NAME,
        rpID: party.id,
        userName: person.email,
        userDisplayName: person.name,
        userID: new TextEncoder().encode(`${whose}:${person.id}`),
        attestationType: 'none',
        excludeCredentials: (await passkeysOf(person.id)).map((row) => ({
          id: row.credential_id,
          transports: transportsOf(row),
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      });
    },

    async addPasskey(
      ownerId: string,
      response: RegistrationResponseJSON,
      challenge: string,
      party: RelyingParty,
      label: string,
    ): Promise<boolean> {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return false;
      const { credential } = verification.registrationInfo;
      await db.query(
        `INSERT INTO ${FACTORS} (${OWNER}, kind, label, credential_id, public_key, sign_count, transports) VALUES ($1, 'passkey', $2, $3, $4, $5, $6)`,
        [
          ownerId,
          label,
          credential.id,
          Buffer.from(credential.publicKey).toString('base64url'),
          credential.counter,
          credential.transports ? JSON.stringify(credential.transports) : null,
        ],
      );
      return true;
    },

    async authenticationOptions(ownerId: string, party: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
      return generateAuthenticationOptions({
        rpID: party.id,
        allowCredentials: (await passkeysOf(ownerId)).map((row) => ({
          id: row.credential_id,
          transports: transportsOf(row),
        })),
        userVerification: 'required',
      });
    },

    /** Whether the answer is signed by one of this account's passkeys, for this challenge and site. */
    async usePasskey(
      ownerId: string,
      response: AuthenticationResponseJSON,
      challenge: string,
      party: RelyingParty,
    ): Promise<boolean> {
      const passkey = (await passkeysOf(ownerId)).find((row) => row.credential_id === response.id);
      if (!passkey) return false;
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: Number(passkey.sign_count),
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return false;
      // A counter that does not grow (a cloned key) was refused above; one that stays 0 is a synced passkey.
      const { rows } = await db.query(
        `UPDATE ${FACTORS} SET sign_count = $2, last_used_at = now() WHERE id = $1 AND (sign_count < $2 OR $2 = 0) RETURNING 1`,
        [passkey.id, verification.authenticationInfo.newCounter],
      );
      return rows.length > 0;
    },
  };
}

export function secondFactors(db: Queryable, whose: FactorOwner, clock: () => number = Date.now) {
  const { factors: FACTORS, codes: CODES, owner: OWNER } = tablesOf[whose];
  return {
    async list(ownerId: string): Promise<SecondFactorRow[]> {
      const { rows } = await db.query<SecondFactorRow>(
        `SELECT id::text, kind, label, created_at::text AS "createdAt", last_used_at::text AS "lastUsedAt" FROM ${FACTORS} WHERE ${OWNER} = $1 ORDER BY created_at, id`,
        [ownerId],
      );
      return rows;
    },

    /** A new app secret (160 bits, as RFC 4226 recommends) and the `otpauth://` URI an app scans. */
    newAppSecret(account: string): { secret: string; uri: string } {
      const secret = new Secret({ size: 20 }).base32;
      return { secret, uri: totpOf(secret, account).toString() };
    },

    /** Adds an app whose secret the session was given, if `code` is its current code. */
    async addApp(ownerId: string, secret: string, code: string, label: string): Promise<boolean> {
      const now = clock();
      if (!totpMatches(secret, code, now)) return false;
      await db.query(
        `INSERT INTO ${FACTORS} (${OWNER}, kind, label, totp_secret, totp_last_step, last_used_at) VALUES ($1, 'totp', $2, $3, $4, now())`,
        [ownerId, label, secret, currentStep(now)],
      );
      return true;
    },

    /**
     * Accepts an app's current code once (a later request with the same code, on any instance, is
     * refused), or an unused recovery code, which is then spent.
     */
    async useCode(ownerId: string, code: string): Promise<'app' | 'recovery-code' | null> {
      if (RECOVERY_CODE_PATTERN.test(code)) {
        const { rows } = await db.query(
          `UPDATE ${CODES} SET used_at = now() WHERE ${OWNER} = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
          [ownerId, nonceHash(code)],
        );
        return rows.length > 0 ? 'recovery-code' : null;
      }
      const now = clock();
      const step = currentStep(now);
      const { rows: apps } = await db.query<{ id: string; totp_secret: string }>(
        `SELECT id::text, totp_secret FROM ${FACTORS} WHERE ${OWNER} = $1 AND kind = 'totp' AND totp_last_step < $2`,
        [ownerId, step],
      );
      for (const app of apps) {
        if (!totpMatches(app.totp_secret, code, now)) continue;
        const { rows } = await db.query(
          `UPDATE ${FACTORS} SET totp_last_step = $2, last_used_at = now() WHERE id = $1 AND totp_last_step < $2 RETURNING 1`,
          [app.id, step],
        );
        return rows.length > 0 ? 'app' : null;
      }
      return null;
    },

    ...passkeyFactors(db, whose),

    /**
     * Removes a factor. With `keepOne` (staff), never the last: an account always has one once it has
     * had one. Without (a member), the last may go, and the recovery codes with it.
     */
    async remove(
      ownerId: string,
      factorId: string,
      { keepOne = true }: { keepOne?: boolean } = {},
    ): Promise<{ kind: 'removed'; label: string } | { kind: 'last' } | { kind: 'not-found' }> {
      if (!/^\d{1,18}$/.test(factorId)) return { kind: 'not-found' };
      const { rows } = await db.query<{ label: string | null; others: number }>(
        `WITH target AS (SELECT id, label FROM ${FACTORS} WHERE id = $2 AND ${OWNER} = $1),
              others AS (SELECT count(*)::int AS n FROM ${FACTORS} WHERE ${OWNER} = $1 AND id <> $2),
              removed AS (DELETE FROM ${FACTORS} WHERE id IN (SELECT id FROM target) AND ((SELECT n FROM others) > 0 OR NOT $3) RETURNING label),
              codes AS (DELETE FROM ${CODES} WHERE ${OWNER} = $1 AND NOT $3 AND (SELECT n FROM others) = 0 AND EXISTS (SELECT 1 FROM target))
         SELECT (SELECT label FROM target) AS label, (SELECT n FROM others) AS others`,
        [ownerId, factorId, keepOne],
      );
      const [outcome] = rows;
      if (!outcome?.label) return { kind: 'not-found' };
      return outcome.others > 0 || !keepOne ? { kind: 'removed', label: outcome.label } : { kind: 'last' };
    },

    /** Ten new recovery codes, replacing any earlier ones; returned once, kept as hashes. */
    async makeRecoveryCodes(ownerId: string): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.query(
        `WITH gone AS (DELETE FROM ${CODES} WHERE ${OWNER} = $1)
         INSERT INTO ${CODES} (${OWNER}, code_hash) SELECT $1, unnest($2::text[])`,
        [ownerId, codes.map((code) => nonceHash(code.replace(/-/g, '')))],
      );
      return codes;
    },
  };
}

export type SecondFactors = ReturnType<typeof secondFactors>;

/**
 * What a session is in the middle of while it gives or adds a factor: the passkey challenge it was
 * sent (each answers one attempt), or the app secret it was shown. Kept on its row of `sessions`.
 */
export function factorSteps(db: Queryable, sessions: 'staff_sessions' | 'member_sessions') {
  return {
    async remember(token: string, pending: { passkeyChallenge: string } | { appSecret: string | null }): Promise<void> {
      if ('passkeyChallenge' in pending)
        await db.query(`UPDATE ${sessions} SET passkey_challenge = $2 WHERE token_hash = $1`, [
          nonceHash(token),
          pending.passkeyChallenge,
        ]);
      else
        await db.query(`UPDATE ${sessions} SET pending_totp_secret = $2 WHERE token_hash = $1`, [
          nonceHash(token),
          pending.appSecret,
        ]);
    },

    async takeChallenge(token: string): Promise<string | null> {
      const { rows } = await db.query<{ challenge: string | null }>(
        `UPDATE ${sessions} s SET passkey_challenge = NULL FROM (SELECT passkey_challenge AS challenge FROM ${sessions} WHERE token_hash = $1 FOR UPDATE) old
          WHERE s.token_hash = $1 RETURNING old.challenge`,
        [nonceHash(token)],
      );
      return rows[0]?.challenge ?? null;
    },
  };
}
