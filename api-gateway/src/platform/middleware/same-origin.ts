import type { Middleware } from 'koa';

/**
 * Refuses a cookie-carrying request sent by a page of another site (cross-site request forgery):
 * the browser's Origin must be the gateway's own or one configured, and a request without Origin
 * must not be marked cross-site. Clients that are not browsers send neither and pass.
 */
export function sameOrigin(allowedOrigins: readonly string[]): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    // Koa 3's ctx.origin is the Origin header; the gateway's own origin is built here.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const foreign = origin
      ? origin !== ownOrigin && !allowedOrigins.includes(origin)
      : ctx.get('Sec-Fetch-Site') === 'cross-site';
    if (foreign) ctx.throw(403, 'This form can only be sent from the party’s own website.');
    await next();
  };
}
