import type { Context, Middleware } from 'koa';
import { MEMBER_SIGNED_IN_COOKIE } from '@party/shared-contracts';
import { type Queryable, sessionCookie } from '../../platform/index.js';
import { memberSessions, type MemberSession, type MemberSessions } from './member-sessions.js';

const MAX_AGE_MS = 14 * 24 * 60 * 60_000;

/** A member's session (HttpOnly, Secure, SameSite=Lax, `__Host-`). */
export const memberSessionCookie = sessionCookie('party_session', { sameSite: 'lax', maxAgeMs: MAX_AGE_MS });

/** The page-readable "signed in" marker: no secret, read by the pages, so not under the prefix. */
function setSignedInMarker(ctx: Context, on: boolean) {
  ctx.cookies.secure = true;
  ctx.cookies.set(MEMBER_SIGNED_IN_COOKIE, on ? '1' : '', {
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: on ? MAX_AGE_MS : 0,
    overwrite: true,
    httpOnly: false,
  });
}

/** The session's cookie; the page-readable "signed in" one only once the sign-in is complete (not while the second factor is awaited). */
export function setSessionCookies(ctx: Context, token: string, { signedIn = true }: { signedIn?: boolean } = {}): void {
  memberSessionCookie.set(ctx, token);
  if (signedIn) setSignedInMarker(ctx, true);
}

export function clearSessionCookies(ctx: Context): void {
  memberSessionCookie.set(ctx, '');
  setSignedInMarker(ctx, false);
}

/**
 * The session of the request's cookie, and the token it goes by (null without one); a complete
 * session's renewed token is set on the answer.
 */
export async function memberSessionOf(
  ctx: Context,
  sessions: MemberSessions,
): Promise<{ session: MemberSession; token: string } | null> {
  const token = memberSessionCookie.tokenOf(ctx);
  const session = token ? await sessions.find(token) : null;
  if (!token || !session) return null;
  if (!session.factorPending && session.renewedToken) setSessionCookies(ctx, session.renewedToken);
  return { session, token: session.renewedToken ?? token };
}

/**
 * The email of the member a request is signed in as (second factor given, if asked), or null: what
 * another module may know of a visitor (a pledge under it is proved theirs).
 */
export function signedInMemberEmail(db: Queryable): (ctx: Context) => Promise<string | null> {
  const sessions = memberSessions(db);
  return async (ctx) => {
    const signedIn = await memberSessionOf(ctx, sessions);
    if (!signedIn || signedIn.session.factorPending) return null;
    const { rows } = await db.query<{ email: string }>('SELECT email FROM members WHERE id = $1', [
      signedIn.session.memberId,
    ]);
    return rows[0]?.email ?? null;
  };
}

/** Lets only a signed-in member through, with `ctx.state.memberId` (and its `memberSession`); 401 for anyone else. */
export function requireMember(sessions: MemberSessions): Middleware {
  return async (ctx, next) => {
    const found = await memberSessionOf(ctx, sessions);
    if (!found || found.session.factorPending) {
      // A session still waiting for its second factor keeps its cookie: the sign-in is under way.
      if (!found) clearSessionCookies(ctx);
      return ctx.throw(401, 'Please sign in to see your membership.');
    }
    ctx.state.memberId = found.session.memberId;
    ctx.state.memberSession = found.session;
    ctx.state.sessionToken = found.token;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
