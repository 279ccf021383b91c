import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Values the site hands a browser (in a cookie, in a link) and reads back: `<payload>.<signature>`,
 * the payload base64url JSON, the signature an HMAC-SHA256 under a key derived from the site's secret
 * for one purpose, so that a token sealed for one purpose opens for no other. Every gateway of the
 * site opens what another sealed.
 */
export function sealedTokens(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    seal(values: readonly unknown[]): string {
      const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
      return `${payload}.${signature(payload)}`;
    },
    /** The values this site sealed for this purpose; null for anything else (and no work for an empty token). */
    open(token: string): unknown[] | null {
      const [payload = '', given = ''] = token.split('.');
      if (!payload || !given) return null;
      const [expected, offered] = [Buffer.from(signature(payload)), Buffer.from(given)];
      if (offered.length !== expected.length || !timingSafeEqual(expected, offered)) return null;
      return JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    },
  };
}
