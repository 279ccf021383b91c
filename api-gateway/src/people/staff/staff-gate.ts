import type { Context, Middleware } from 'koa';
import { mayOpen, STAFF_REAUTH_SECONDS, type StaffSection, type StaffSessionView } from '@party/shared-contracts';
import { sessionCookie, type SiteOrigin } from '../../platform/index.js';
import { requestRelyingParty } from '../second-factors/second-factors.js';
import type { StaffAccounts, StaffSession } from './staff-accounts.js';

/** The staff member a gated request was let through for. */
export const staffOf = (ctx: Context) => ctx.state.staff as StaffSession;

/** What every staff endpoint's answer says of the session: who, and how far signed in. */
export const sessionView = (staff: StaffSession | null): StaffSessionView => ({
  staff: staff && { name: staff.name, email: staff.email, role: staff.role, duties: staff.duties },
  step: staff?.step ?? null,
  factors: staff?.factors ?? { passkey: false, app: false, recoveryCodes: 0 },
  factorAgeSeconds: staff?.factorAgeSeconds ?? null,
});

export type StaffGate = ReturnType<typeof staffGate>;

/**
 * Who may pass: the staff session's cookie, and the middleware every staff endpoint is built from. A
 * session begins with the password and reaches nothing but its second factor (or, for an account
 * without one, enrolment) until that is given; each section is open to its roles only (403 for the
 * others, 401 without a full session); every answer is `no-store`.
 */
export function staffGate(
  accounts: StaffAccounts,
  { siteOrigin, sessionHours }: { siteOrigin: SiteOrigin; sessionHours: number },
) {
  // SameSite=Strict: no request from another site ever carries a staff session, GETs included.
  const staffCookie = sessionCookie('staff_session', { sameSite: 'strict', maxAgeMs: sessionHours * 60 * 60_000 });

  /** The staff member whose session the request carries, or null; answers about staff are never stored. */
  const staffOfRequest = async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    const token = staffCookie.tokenOf(ctx);
    return token ? accounts.session(token) : null;
  };
  /** Any live session, even one that has given only its password. */
  const inSession: Middleware = async (ctx, next) => {
    const staff = await staffOfRequest(ctx);
    if (!staff) return ctx.throw(401, 'Please sign in to the staff console.');
    ctx.state.staff = staff;
    await next();
  };
  const signedIn: Middleware = async (ctx, next) =>
    inSession(ctx, async () => {
      if (staffOf(ctx).step !== 'signed-in') return ctx.throw(401, 'Please finish signing in with your second factor.');
      await next();
    });
  /** The second factor given within `seconds` (a session still enrolling its first has just given the password). */
  const factorWithin =
    (seconds: number, message: string): Middleware =>
    async (ctx, next) => {
      const { step, factorAgeSeconds } = staffOf(ctx);
      if (step === 'factor' || (step === 'signed-in' && (factorAgeSeconds ?? Infinity) > seconds))
        return ctx.throw(403, message);
      await next();
    };
  const allowed =
    (section: StaffSection): Middleware =>
    async (ctx, next) => {
      if (!mayOpen(staffOf(ctx), section))
        return ctx.throw(403, 'Your role does not give access to this part of the console.');
      await next();
    };

  return {
    tokenOf: (ctx: Context) => staffCookie.tokenOf(ctx),
    setStaffCookie: (ctx: Context, token: string) => staffCookie.set(ctx, token),
    /** Passkeys are made and used for the page's own origin (checked by the guards), or the site's. */
    relyingParty: requestRelyingParty(siteOrigin),
    staffOfRequest,
    inSession,
    signedIn,
    allowed,
    mayChangeFactors: factorWithin(
      STAFF_REAUTH_SECONDS.factors,
      'Please confirm it is you with your second factor before changing how you sign in, or where.',
    ),
    mayDownload: factorWithin(
      STAFF_REAUTH_SECONDS.downloads,
      'Please confirm it is you with your second factor before downloading people’s data.',
    ),
    mayErase: factorWithin(
      STAFF_REAUTH_SECONDS.downloads,
      'Please confirm it is you with your second factor before erasing someone’s data.',
    ),
  };
}
