import type { Middleware } from 'koa';
import { remoteNames } from '@party/shared-contracts';
import { sendFile } from './serve-site.js';

const RELEASE_PATH = /^\/releases\/([\w-]+)\/([\w.+-]+)(\/.+)$/;

/**
 * `/releases/<remote>/<version>/…`: the release store, laid out as a CDN would hold it. Hashed
 * assets are immutable, manifests never cached, and any origin may fetch them.
 */
export function serveReleases(storeDir: string): Middleware {
  return async (ctx, next) => {
    const match = ['GET', 'HEAD'].includes(ctx.method) ? RELEASE_PATH.exec(ctx.path) : null;
    if (!match) return next();
    const [, remote = '', version = '', file = ''] = match;
    ctx.set('Access-Control-Allow-Origin', '*');
    if ((remoteNames as readonly string[]).includes(remote) && (await sendFile(ctx, `${storeDir}/${remote}/${version}`, file))) return;
    ctx.throw(404, 'Not found');
  };
}
