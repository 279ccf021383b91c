import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a link in an email may do; a token signed for one purpose is refused for any other. */
export type LinkPurpose =
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'membership-confirm'
  | 'password-reset'
  | 'data-request'
  | 'donation-email-confirm'
  | 'event-place'
  | 'consultation-comment';

/**
 * Tokens for the links in emails: `<subject>.<expiry>.<signature>`, HMAC-SHA256 over the purpose,
 * subject and expiry (Unix seconds, 0 for none). The signature lets the gateway refuse a forged or
 * altered link without asking the database; what makes a link single-use is the database's.
 */
export interface SignedLinks {
  sign(purpose: LinkPurpose, subject: string, expiresAt: Date | null): string;
  /** The subject of a genuine, unexpired token for `purpose`; null for anything else. */
  verify(purpose: LinkPurpose, token: string, now?: Date): string | null;
}

const TOKEN = /^([\w-]{1,64})\.(\d{1,12})\.([\w-]{43})$/;

export function signedLinks(secret: string): SignedLinks {
  const signature = (purpose: LinkPurpose, subject: string, expiry: string) =>
    createHmac('sha256', secret).update(`${purpose}.${subject}.${expiry}`).digest('base64url');
  return {
    sign(purpose, subject, expiresAt) {
      const expiry = expiresAt ? String(Math.ceil(expiresAt.getTime() / 1000)) : '0';
      return `${subject}.${expiry}.${signature(purpose, subject, expiry)}`;
    },
    verify(purpose, token, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, subject = '', expiry = '', given = ''] = match;
      const expected = Buffer.from(signature(purpose, subject, expiry));
      if (!timingSafeEqual(expected, Buffer.from(given))) return null;
      if (expiry !== '0' && Number(expiry) * 1000 <= now.getTime()) return null;
      return subject;
    },
  };
}

/** A random secret for a single-use link, and the hash the database keeps of it. */
export function linkNonce(): { nonce: string; hash: string } {
  const nonce = randomBytes(24).toString('base64url');
  return { nonce, hash: nonceHash(nonce) };
}

export const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('hex');
