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

/** On every response, errors included; HSTS only where the request came over TLS. */
export function securityHeaders(remoteOrigins: readonly string[]): Middleware {
  const csp = contentSecurityPolicy(remoteOrigins);
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.set('Content-Security-Policy', csp);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
      ctx.set('X-Frame-Options', 'DENY');
      if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}
