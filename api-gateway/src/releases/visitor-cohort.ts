import { randomInt } from 'node:crypto';
import type { Context } from 'koa';

const COHORT_COOKIE = 'party_cohort';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The visitor's cohort, 0–99, which decides who gets a canary (see forCohort): kept in a cookie so
 * that a visitor stays on one release, set only while a canary runs. A random number, nothing about
 * the visitor.
 */
export function visitorCohort(ctx: Context): number {
  const kept = ctx.cookies.get(COHORT_COOKIE) ?? '';
  if (/^\d{1,2}$/.test(kept)) return Number(kept);
  const cohort = randomInt(100);
  ctx.cookies.set(COHORT_COOKIE, String(cohort), {
    maxAge: YEAR_MS,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    overwrite: true,
  });
  return cohort;
}

/** The visitor's cohort while `snapshot` has a canary; otherwise null (and no cookie). */
export const cohortWhileCanaries = (ctx: Context, snapshot: { canaries: object }) =>
  Object.keys(snapshot.canaries).length > 0 ? visitorCohort(ctx) : null;
