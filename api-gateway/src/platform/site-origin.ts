import type { Context } from 'koa';

/**
 * The origin the site's own URLs use (canonical and preview URLs, links in emails): the configured
 * one, else the request's. Koa 3's ctx.origin is the Origin header, so it is built here.
 */
export const originOf = (ctx: Context, publicOrigin: string | null) => publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
