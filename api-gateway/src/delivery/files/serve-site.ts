import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { send } from '@koa/send';
import { isRemoteName, type RemoteName } from '@party/shared-contracts';
import type { HashedAssetMemory } from './hashed-asset-memory.js';

const ONE_YEAR_S = 31_536_000;
const REMOTE_PREFIX = /^\/remotes\/([\w-]+)(\/.*)$/;

/** Files under `static/` carry a content hash in their name: they never change once built. */
const isHashedAsset = (relativePath: string) => /(^|\/)static\//.test(relativePath);

function cacheControlFor(relativePath: string): string {
  return isHashedAsset(relativePath) ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache';
}

/** `@koa/send`'s answer from disk, with its cache headers; false when there is no such file. */
async function sendFromDisk(ctx: Context, root: string, relativePath: string): Promise<boolean> {
  try {
    const served = await send(ctx, relativePath, {
      root,
      index: false,
      setHeaders: (res, _file, stats) => {
        res.setHeader('Cache-Control', cacheControlFor(relativePath));
        res.setHeader('ETag', `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`);
      },
    });
    return Boolean(served);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
}

/**
 * Sends a built file: its precompressed `.br` or `.gz` variant when the browser takes it (written at
 * build), with an ETag of what is sent, and 304 when the browser already holds it. A hashed asset
 * sent once is sent from `memory` after.
 */
export async function sendFile(
  ctx: Context,
  root: string,
  relativePath: string,
  memory: HashedAssetMemory,
): Promise<boolean> {
  const hashed = isHashedAsset(relativePath);
  if (!(hashed && memory.answer(ctx, root, relativePath))) {
    if (!(await sendFromDisk(ctx, root, relativePath))) return false;
    if (hashed) void memory.remember(ctx, root, relativePath);
  }
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) ctx.status = 304;
  return true;
}

/**
 * All-in-one mode: serves the built shell at `/`, each built remote at `/remotes/<name>/`, and the
 * shell's HTML for every other path that is not an asset (client-side routing).
 */
export function serveSite(
  site: { shellDir: string; remoteDir: (remote: RemoteName) => string | null },
  memory: HashedAssetMemory,
): Middleware {
  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method) || ctx.path.startsWith('/api/')) return next();

    const remote = REMOTE_PREFIX.exec(ctx.path);
    if (remote) {
      const [, name = '', file = ''] = remote;
      // Remote files are public and may be fetched by a shell on another origin.
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      // Only the configured builds of the repository's remotes: a remote added since has releases alone.
      const dir = isRemoteName(name) ? site.remoteDir(name) : null;
      if (dir && (await sendFile(ctx, dir, file, memory))) return;
      ctx.throw(404, 'Not found');
    }

    // The built index.html is the pages' skeleton, not a page (its scripts are in page-assets.json).
    if (ctx.path === '/index.html') {
      ctx.status = 301;
      ctx.redirect('/');
      return;
    }
    if (ctx.path !== '/' && (await sendFile(ctx, site.shellDir, ctx.path, memory))) return;
    // A missing asset is a 404, not the HTML page: a script tag must never receive HTML.
    if (ctx.path.startsWith('/static/') || path.extname(ctx.path) !== '') ctx.throw(404, 'Not found');

    await sendFile(ctx, site.shellDir, '/index.html', memory);
  };
}
