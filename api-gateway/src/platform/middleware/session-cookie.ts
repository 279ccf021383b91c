import type { Context } from 'koa';

export interface SessionCookie {
  /** The session token the request carries, or ''. */
  tokenOf(ctx: Context): string;
  /** Sets the token (HttpOnly, Secure, the whole site), or ends the cookie when it is ''. */
  set(ctx: Context, token: string): void;
}

/**
 * A session's cookie under the `__Host-` prefix (`name` is what follows it): browsers keep it only
 * when it is Secure, for the whole site and for this host alone (no Domain), so that neither a
 * sibling subdomain nor a page on plain HTTP can plant or replace it (session fixation). A cookie
 * under the bare name, as sessions were kept before, is never read: anyone who can set one (a sibling
 * subdomain, a first-visit man-in-the-middle) could sign a visitor into an account of their choosing.
 * Koa refuses to set a Secure cookie on a request it does not see as HTTPS (plain loopback in
 * development and tests, where browsers accept it), so it is told the connection counts as secure.
 */
export function sessionCookie(
  name: string,
  { sameSite, maxAgeMs }: { sameSite: 'lax' | 'strict'; maxAgeMs: number },
): SessionCookie {
  const cookie = `__Host-${name}`;
  const options = { httpOnly: true, secure: true, sameSite, path: '/', overwrite: true } as const;
  return {
    tokenOf: (ctx) => ctx.cookies.get(cookie) ?? '',
    set(ctx, token) {
      ctx.cookies.secure = true;
      ctx.cookies.set(cookie, token, { ...options, maxAge: token ? maxAgeMs : 0 });
    },
  };
}
