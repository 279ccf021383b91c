import fs from 'node:fs';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';

/** The headers `@koa/send` and `sendFile` set for a file, replayed with its bytes. */
const REPLAYED_HEADERS = ['Content-Type', 'Content-Encoding', 'Cache-Control', 'ETag', 'Last-Modified'] as const;

interface RememberedAsset {
  body: Buffer;
  headers: Array<[string, string]>;
}

export interface HashedAssetMemory {
  /** Answers from memory what an earlier, identical request was sent from disk; false when it cannot. */
  answer(ctx: Context, root: string, relativePath: string): boolean;
  /** After `@koa/send` has answered from disk: keeps what it sent, read once more; settles when kept or not. */
  remember(ctx: Context, root: string, relativePath: string): Promise<void>;
}

/**
 * What `@koa/send` bases its choice of variant on: whether the browser takes brotli, and gzip,
 * rather than the plain file. Two requests alike in these get the same file.
 */
function keyOf(ctx: Context, root: string, relativePath: string): string {
  const brotli = ctx.acceptsEncodings('br', 'identity') === 'br';
  const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  return `${root}\0${relativePath}\0${brotli ? 'br' : ''}${gzip ? 'gz' : ''}`;
}

/**
 * Files whose names carry their content's hash, kept in memory after their first answer, least
 * recently sent dropped beyond `maxBytes`. Their bytes cannot change under the name, so a copy never
 * goes stale; every other file is read from disk each time. `maxBytes` 0 keeps nothing.
 */
export function hashedAssetMemory(maxBytes: number): HashedAssetMemory {
  const assets =
    maxBytes > 0
      ? new LRUCache<string, RememberedAsset>({
          maxSize: maxBytes,
          sizeCalculation: ({ body }) => Math.max(1, body.length),
        })
      : null;
  const reading = new Set<string>();

  return {
    answer(ctx, root, relativePath) {
      const asset = assets?.get(keyOf(ctx, root, relativePath));
      if (!asset) return false;
      for (const [name, value] of asset.headers) ctx.set(name, value);
      ctx.status = 200;
      ctx.body = asset.body;
      return true;
    },

    async remember(ctx, root, relativePath) {
      const key = keyOf(ctx, root, relativePath);
      const { body } = ctx;
      if (!assets || reading.has(key) || ctx.status !== 200 || !(body instanceof fs.ReadStream)) return;
      const size = Number(ctx.response.get('Content-Length'));
      if (size > assets.maxSize) return;
      const headers = REPLAYED_HEADERS.flatMap((name): Array<[string, string]> => {
        const value = ctx.response.get(name);
        return value ? [[name, value]] : [];
      });
      reading.add(key);
      try {
        const bytes = await fs.promises.readFile(body.path);
        // Not the size that was sent: the file changed meanwhile, and stays on disk.
        if (bytes.length === size) assets.set(key, { body: bytes, headers });
      } catch {
        // Gone since it was sent: nothing to keep.
      } finally {
        reading.delete(key);
      }
    },
  };
}
