import type { Context } from 'koa';

export interface SessionCookie {
  /** The session token the request carries, or ''; one under the name before is moved on the answer. */
  tokenOf(ctx: Context): string;
  /** Sets the token (HttpOnly, Secure, the whole site), or ends the cookie when it is ''. */
  set(ctx: Context, token: string): void;
}

/**
 * A session's cookie under the `__Host-` prefix: browsers keep it only when it is Secure, for the
 * whole site and for this host alone (no Domain), so that neither a sibling subdomain nor a page on
 * plain HTTP can plant or replace it (session fixation). A cookie set under the name before the
 * prefix is still read, once, and moved under the new name on the same answer: nobody signed in
 * then is signed out by the change, nor later. Koa refuses to set a Secure cookie on a request it
 * does not see as HTTPS (plain loopback in development and tests, where browsers accept it), so it
 * is told the connection counts as secure.
 */
export function sessionCookie(
  legacyName: string,
  { sameSite, maxAgeMs }: { sameSite: 'lax' | 'strict'; maxAgeMs: number },
): SessionCookie {
  const name = `__Host-${legacyName}`;
  const options = { httpOnly: true, secure: true, sameSite, path: '/', overwrite: true } as const;
  const write = (ctx: Context, cookie: string, token: string) => {
    ctx.cookies.secure = true;
    ctx.cookies.set(cookie, token, { ...options, maxAge: token ? maxAgeMs : 0 });
  };
  return {
    tokenOf(ctx) {
      const token = ctx.cookies.get(name);
      if (token) return token;
      const legacy = ctx.cookies.get(legacyName);
      if (!legacy) return '';
      write(ctx, name, legacy);
      write(ctx, legacyName, '');
      return legacy;
    },
    set(ctx, token) {
      write(ctx, name, token);
      if (!token && ctx.cookies.get(legacyName)) write(ctx, legacyName, '');
    },
  };
}
