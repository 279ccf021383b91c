import type { Context, Middleware } from 'koa';
import { MEMBER_SIGNED_IN_COOKIE } from '@party/shared-contracts';
import type { MemberSessions } from './member-sessions.js';

export const SESSION_COOKIE = 'party_session';
const MAX_AGE_MS = 14 * 24 * 60 * 60_000;

/**
 * Session cookies are HttpOnly, Secure and SameSite=Lax always. Koa refuses to set a Secure cookie
 * on a request it does not see as HTTPS (plain loopback in development and tests, where browsers
 * accept them), so it is told the connection counts as secure.
 */
function cookies(ctx: Context) {
  ctx.cookies.secure = true;
  return ctx.cookies;
}

/** The session's cookie; the page-readable "signed in" one only once the sign-in is complete (not while the second factor is awaited). */
export function setSessionCookies(ctx: Context, token: string, { signedIn = true }: { signedIn?: boolean } = {}): void {
  const options = { secure: true, sameSite: 'lax', path: '/', maxAge: MAX_AGE_MS, overwrite: true } as const;
  cookies(ctx).set(SESSION_COOKIE, token, { ...options, httpOnly: true });
  if (signedIn) cookies(ctx).set(MEMBER_SIGNED_IN_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookies(ctx: Context): void {
  const options = { secure: true, sameSite: 'lax', path: '/', maxAge: 0, overwrite: true } as const;
  cookies(ctx).set(SESSION_COOKIE, '', { ...options, httpOnly: true });
  cookies(ctx).set(MEMBER_SIGNED_IN_COOKIE, '', { ...options, httpOnly: false });
}

/** Lets only a signed-in member through, with `ctx.state.memberId` (and its `memberSession`); 401 for anyone else. */
export function requireMember(sessions: MemberSessions): Middleware {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE) ?? '';
    const session = token ? await sessions.find(token) : null;
    if (!session || session.factorPending) {
      // A session still waiting for its second factor keeps its cookie: the sign-in is under way.
      if (!session) clearSessionCookies(ctx);
      return ctx.throw(401, 'Please sign in to see your membership.');
    }
    if (session.renewedToken) setSessionCookies(ctx, session.renewedToken);
    ctx.state.memberId = session.memberId;
    ctx.state.memberSession = session;
    ctx.state.sessionToken = session.renewedToken ?? token;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
