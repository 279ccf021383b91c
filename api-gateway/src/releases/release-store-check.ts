import { ROUTES_FILE } from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import type { ReleaseCache } from './release-cache.js';
import { releaseProblems, sha256 } from './release-integrity.js';
import { ReleaseError, releaseFiles, type ReleaseCheck } from './release-registry.js';

const SERVED_CHECK_TIMEOUT_MS = 5_000;

/** Why the manifest at `url` is not the one published (digest `expected`), or null if it is. */
async function notServed(url: string, expected: string | undefined): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(SERVED_CHECK_TIMEOUT_MS) });
    if (!response.ok) return `it answers ${response.status}`;
    return sha256(Buffer.from(await response.arrayBuffer())) === expected ? null : 'it serves another mf-manifest.json';
  } catch (error) {
    return `it cannot be fetched: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * A release is switched to only when the shared store holds it whole and unchanged since
 * publication (its declared routes among its files): this instance fetches it into its cache from
 * there, checking every file. Where browsers fetch releases from another origin (a CDN at
 * RELEASE_BASE_URL), that origin must also serve its manifest as published.
 */
export function storedAsPublished({ cache, baseUrl }: { cache: ReleaseCache; baseUrl: string }): ReleaseCheck {
  return async (frontEnd, version, files, tx) => {
    if (!files)
      throw new ReleaseError(
        `Refused: ${frontEnd} ${version} was published before releases recorded their files; publish it again.`,
        409,
      );
    if (frontEnd !== 'shell' && !files[ROUTES_FILE])
      throw new ReleaseError(
        `Refused: ${frontEnd} ${version} was published before releases declared their routes; publish it again.`,
        409,
      );
    await cache.fetch(frontEnd, version, tx).catch((error: unknown) => {
      throw error instanceof ReleaseError
        ? new ReleaseError(`Refused: ${error.message} Nothing was switched.`, 409)
        : error;
    });
    if (!/^https?:\/\//.test(baseUrl)) return;
    const manifest = `${baseUrl}/${frontEnd}/${version}/mf-manifest.json`;
    const why = await notServed(manifest, files['mf-manifest.json']);
    if (why)
      throw new ReleaseError(
        `Refused: ${frontEnd} ${version} is not served where browsers fetch it (${manifest}): ${why}. Nothing was switched.`,
        409,
      );
  };
}

/** Whether the server build (`server/`) of a published release in `dir` is what it published. */
export function serverBuildAsPublished(db: Queryable) {
  return async (remote: string, version: string, dir: string): Promise<boolean> => {
    const files = await releaseFiles(db, remote, version);
    if (!files) return false;
    const serverFiles = Object.fromEntries(Object.entries(files).filter(([file]) => file.startsWith('server/')));
    return Object.keys(serverFiles).length > 0 && (await releaseProblems(dir, serverFiles)).length === 0;
  };
}
