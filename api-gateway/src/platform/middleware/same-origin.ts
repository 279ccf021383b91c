import type { Middleware } from 'koa';
import type { SiteOrigin } from '../site-origin.js';

/**
 * Refuses a cookie-carrying request sent by a page of another site (cross-site request forgery):
 * the browser's Origin must be one the site owns (by configuration, never by the request's Host),
 * and a request without Origin must not be marked cross-site. Clients that are not browsers send
 * neither and pass.
 */
export function sameOrigin(siteOrigin: SiteOrigin): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    const foreign = origin ? !siteOrigin.owns(origin) : ctx.get('Sec-Fetch-Site') === 'cross-site';
    if (foreign) ctx.throw(403, 'This form can only be sent from the party’s own website.');
    await next();
  };
}
