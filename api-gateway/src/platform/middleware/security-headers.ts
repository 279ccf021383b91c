import { createHash } from 'node:crypto';
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * The style attributes that Radix renders into server HTML (roving focus and presence). Allowed by
 * hash, one by one: any other inline style stays blocked.
 */
const SERVER_RENDERED_STYLE_ATTRIBUTES = ['outline:none', 'animation-duration:0s'];
/** What a Content-Security-Policy names to allow one inline script or style by its text. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A Content-Security-Policy as data: each directive and its sources, in order. */
export type SecurityPolicy = Readonly<Record<string, readonly string[]>>;

/**
 * The Content-Security-Policy the site ships. Remotes may be served from other origins (a CDN), so
 * scripts, styles, fonts and fetches are allowed from the registry's remote origins too. Nothing
 * inline: a page adds the hashes of its own inline scripts and stylesheets (policyHeader).
 */
export function sitePolicy(remoteOrigins: readonly string[]): SecurityPolicy {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins],
    'style-src': ["'self'", ...remoteOrigins],
    'style-src-attr': ["'unsafe-hashes'", ...SERVER_RENDERED_STYLE_ATTRIBUTES.map(cspHash)],
    'font-src': ["'self'", ...remoteOrigins],
    'connect-src': ["'self'", ...remoteOrigins],
    'img-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The header's text for one response: `policy` with `added` sources (each once) in their directives. */
export function policyHeader(
  policy: SecurityPolicy,
  added: Partial<Record<keyof SecurityPolicy, readonly string[]>> = {},
): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...new Set([...sources, ...(added[directive] ?? [])])].join(' '))
    .join(';');
}

/**
 * Helmet's headers and the site's policy on every response, errors included. Browsers ignore HSTS on
 * plain HTTP, so it is harmless in development and right behind TLS. No other site may embed an
 * answer (same-origin resource policy: `/api` answers hold personal data); the remotes' and releases'
 * files, which shells on other origins load, say otherwise where they are served.
 */
export function securityHeaders(policy: SecurityPolicy): Middleware {
  const header = policyHeader(policy);
  const others = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
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
  return (ctx, next) => {
    ctx.set('Content-Security-Policy', header);
    return others(ctx, next);
  };
}
