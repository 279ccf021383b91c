import type { Middleware } from 'koa';

/**
 * The Content-Security-Policy the site ships. Remotes may be served from other origins (a CDN), so
 * scripts, styles, fonts and fetches are allowed from the registry's remote origins too.
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const remotes = remoteOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes}`,
    `style-src 'self' ${remotes}`,
    `font-src 'self' ${remotes}`,
    `connect-src 'self' ${remotes}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

export function securityHeaders(remoteOrigins: readonly string[]): Middleware {
  const csp = contentSecurityPolicy(remoteOrigins);
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (ctx.response.is('html')) {
      ctx.set('Content-Security-Policy', csp);
      ctx.set('X-Frame-Options', 'DENY');
    }
  };
}
