import type { Middleware } from 'koa';
import proxyaddr from 'proxy-addr';
import type { TrustedProxies } from '../../config.js';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-port'];

function trustFunction(trusted: TrustedProxies | null): (address: string, hop: number) => boolean {
  if (trusted === null) return () => false;
  if ('hops' in trusted) return (_address, hop) => hop < trusted.hops;
  return proxyaddr.compile(trusted.addresses);
}

/**
 * Who the client is. Only a trusted proxy (TRUST_PROXY: named addresses, or a number of hops) may
 * speak for it: anyone else's X-Forwarded-* headers are dropped before Koa reads the protocol from
 * them, and the address is the last one in X-Forwarded-For that no trusted proxy added.
 * X-Forwarded-Host is dropped from everyone: the site's host is configuration (site-origin.ts).
 */
export function clientAddress(trusted: TrustedProxies | null): Middleware {
  const trust = trustFunction(trusted);
  return async (ctx, next) => {
    delete ctx.req.headers['x-forwarded-host'];
    if (!trust(ctx.req.socket.remoteAddress ?? '', 0)) {
      for (const header of FORWARDING_HEADERS) delete ctx.req.headers[header];
    }
    ctx.request.ip = proxyaddr(ctx.req, trust);
    await next();
  };
}
