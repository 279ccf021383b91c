import { createHash } from 'node:crypto';
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * The style attributes that Radix renders into server HTML (roving focus and presence). Allowed by
 * hash, one by one: any other inline style stays blocked.
 */
const SERVER_RENDERED_STYLE_ATTRIBUTES = ['outline:none', 'animation-duration:0s'];
/** What the policy names to allow one inline script or style by its text. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The Content-Security-Policy the site ships. Remotes may be served from other origins (a CDN), so
 * scripts, styles, fonts and fetches are allowed from the registry's remote origins too.
 */
function cspDirectives(remoteOrigins: readonly string[], inlineScripts: readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remoteOrigins, ...inlineScripts.map(cspHash)],
    styleSrc: ["'self'", ...remoteOrigins],
    styleSrcAttr: ["'unsafe-hashes'", ...SERVER_RENDERED_STYLE_ATTRIBUTES.map(cspHash)],
    fontSrc: ["'self'", ...remoteOrigins],
    connectSrc: ["'self'", ...remoteOrigins],
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Helmet's headers on every response, errors included. `inlineScripts` are the shell page's own
 * inline scripts, allowed by hash and nothing else inline. Browsers ignore HSTS on plain HTTP, so it
 * is harmless in development and right behind TLS. Remote assets are fetched by shells on other
 * origins (CORS is opened on them), hence a cross-origin resource policy.
 */
export function securityHeaders(remoteOrigins: readonly string[], inlineScripts: readonly string[] = []): Middleware {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(remoteOrigins, inlineScripts) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    // Headers for old browsers or plug-ins that this site's audience no longer runs.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
