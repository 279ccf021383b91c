import { randomInt } from 'node:crypto';
import type { Context } from 'koa';
import { sealedTokens } from './sealed-tokens.js';

/** The cookie a visitor's cohort is kept in, sealed by the site (HttpOnly: pages never read it). */
const COHORT_COOKIE = '__Host-party_cohort';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface VisitorCohorts {
  /** The visitor's cohort, 0–99, while `snapshot` has a canary; otherwise null (and no cookie). */
  whileCanaries(ctx: Context, snapshot: { canaries: object }): number | null;
}

/**
 * Cohorts decide who gets a canary (see forCohort). The site draws each visitor's at random and
 * seals it with its secret, so that a visitor stays on one release and cannot choose one: a
 * cohort the site did not seal is drawn again. Set only while a canary runs; nothing about the
 * visitor is in it.
 */
export function visitorCohorts(secret: string): VisitorCohorts {
  const tokens = sealedTokens(secret, 'visitor-cohort');
  function cohortOf(ctx: Context): number {
    const [kept] = tokens.open(ctx.cookies.get(COHORT_COOKIE) ?? '') ?? [];
    if (Number.isInteger(kept) && (kept as number) >= 0 && (kept as number) < 100) return kept as number;
    const cohort = randomInt(100);
    ctx.cookies.secure = true;
    ctx.cookies.set(COHORT_COOKIE, tokens.seal([cohort]), {
      maxAge: YEAR_MS,
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      overwrite: true,
    });
    return cohort;
  }
  return {
    whileCanaries: (ctx, snapshot) => (Object.keys(snapshot.canaries).length > 0 ? cohortOf(ctx) : null),
  };
}
