import fs from 'node:fs/promises';
import type { Middleware } from 'koa';
import { isFrontEndName } from '@party/shared-contracts';
import { answeredBy, type Logger } from '../../platform/index.js';
import type { HashedAssetMemory } from './hashed-asset-memory.js';
import { sendFile } from './serve-site.js';

const RELEASE_PATH = /^\/releases\/([\w-]+)\/([\w.+-]+)\/(.+)$/;

/** This instance's folder of a published release, fetched first if need be; null when it cannot be had. */
export type ReleaseFolder = (remote: string, version: string) => Promise<string | null>;

/** Whether a stored file is one its release published, unchanged (`fileVerifier`). */
export type ReleaseFileCheck = (releaseDir: string, remote: string, version: string, file: string) => Promise<boolean>;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * `/releases/<remote>/<version>/…`: the release store, laid out as a CDN would hold it; a release
 * this instance does not hold yet is fetched into its cache first (a browser may still ask for a
 * release the site no longer serves). Hashed
 * assets are immutable, manifests never cached, and any origin may fetch them. Only files that match
 * what was published are served: a changed or added file (or precompressed variant, which would be
 * sent in its place) is refused with a 404 and an error in the log.
 */
export function serveReleases(
  folderOf: ReleaseFolder,
  isPublished: ReleaseFileCheck,
  logger: Logger,
  memory: HashedAssetMemory,
): Middleware {
  return async (ctx, next) => {
    const match = ['GET', 'HEAD'].includes(ctx.method) ? RELEASE_PATH.exec(ctx.path) : null;
    if (!match) return next();
    const [, remote = '', version = '', file = ''] = match;
    // Public files that shells on other origins load.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!isFrontEndName(remote)) ctx.throw(404, 'Not found');

    // Unknown versions, and releases the store cannot give whole: a 404.
    const releaseDir = await folderOf(remote, version);
    if (releaseDir === null) return ctx.throw(404, 'Not found');
    answeredBy(ctx, { remote, version });
    const verdicts = await Promise.all(
      [file, `${file}.br`, `${file}.gz`].map(async (candidate) => {
        const published = await isPublished(releaseDir, remote, version, candidate);
        // Only a file that did not verify costs a second look: is it there at all?
        return { candidate, published, refused: !published && (await exists(`${releaseDir}/${candidate}`)) };
      }),
    );
    const refused = verdicts.filter((verdict) => verdict.refused).map(({ candidate }) => candidate);
    if (refused.length > 0) {
      logger.error(
        { remote, version, files: refused },
        'release store holds files that differ from what was published: not serving them',
      );
    } else if (verdicts[0]?.published && (await sendFile(ctx, releaseDir, file, memory))) return;
    ctx.throw(404, 'Not found');
  };
}
