import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { sealedTokens } from './sealed-tokens.js';

/** The cookie a page served while a canary runs carries its load's token in (HttpOnly: pages never read it). */
const PAGE_LOAD_COOKIE = '__Host-party_page_load';
/** How long a page load's failure report is accepted after it was served. */
const LIFETIME_MS = 60 * 60_000;

/** What a genuine token says: which release of which remote the page load was served, and its nonce. */
export interface PageLoad {
  remote: string;
  version: string;
  nonce: string;
}

export interface PageLoadTokens {
  /** Gives the answer (a page served while a canary runs) a token for this one load of `version` of `remote`. */
  issue(ctx: Context, remote: string, version: string): void;
  /** The page load the request's token names, if genuine and unexpired; null otherwise. */
  loadOf(ctx: Context): PageLoad | null;
}

/**
 * Tokens that bind a failure report to one served page load (decision 0035): signed with the
 * site's secret (every gateway accepts another's), expiring after an hour, naming the release the
 * visitor was served, with a nonce the canary watch uses once. A report without one is logged and
 * counted in the metrics but never moves a canary's verdict.
 */
export function pageLoadTokens(secret: string, clock: () => number = Date.now): PageLoadTokens {
  const tokens = sealedTokens(secret, 'canary-page-loads');
  return {
    issue(ctx, remote, version) {
      ctx.cookies.secure = true;
      ctx.cookies.set(
        PAGE_LOAD_COOKIE,
        tokens.seal([remote, version, clock() + LIFETIME_MS, randomBytes(16).toString('base64url')]),
        { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: LIFETIME_MS, overwrite: true },
      );
    },
    loadOf(ctx) {
      const opened = tokens.open(ctx.cookies.get(PAGE_LOAD_COOKIE) ?? '');
      if (!opened) return null;
      const [remote, version, expiresAt, nonce] = opened as [string, string, number, string];
      return expiresAt > clock() ? { remote, version, nonce } : null;
    },
  };
}
