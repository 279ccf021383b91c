import { notAVersion, RELEASE_VERSION, REMOTE_MANIFEST_FILE, type FrontEndName } from '@party/shared-contracts';
import type { Database } from '../platform/index.js';
import { storeReleaseContents } from './release-cache.js';
import { fileDigests, releaseDigest } from './release-integrity.js';
import { recordRelease, ReleaseError } from './release-registry.js';
import { checkReleaseContract } from './remote-contract-check.js';
import { remoteDefinitions } from './remote-definitions.js';

export interface ReleaseStore {
  /** Holds the releases' files (release_contents) and what each release published. */
  db: Database;
  /** The URL that serves releases, as `<baseUrl>/<remote>/<version>/…`. */
  baseUrl: string;
}

/**
 * Publishes the build in `sourceDir` as `remote` `version`: checked against the contract and the
 * remotes the registry holds, its files put into the shared store and their digests recorded. Not
 * active yet: each gateway fetches it into its own cache before it serves it. Releases never change,
 * so a version is published once.
 */
export async function publishRelease(
  store: ReleaseStore,
  release: { remote: FrontEndName; version: string; sourceDir: string; by: string; reason: string },
): Promise<{ entry: string }> {
  const { remote: frontEnd, version } = release;
  if (!RELEASE_VERSION.test(version)) throw new ReleaseError(notAVersion(version), 409);
  const remotes = await remoteDefinitions(store.db);
  if (frontEnd !== 'shell' && !remotes.some((remote) => remote.name === frontEnd))
    throw new ReleaseError(`There is no remote "${frontEnd}" on this site.`, 404);
  const { problems, routes } = await checkReleaseContract(frontEnd, release.sourceDir, remotes);
  if (problems.length > 0)
    throw new ReleaseError(`Refused: ${frontEnd} ${version} breaks the contract: ${problems.join('; ')}.`, 409);

  const entry = `${store.baseUrl}/${frontEnd}/${version}/${REMOTE_MANIFEST_FILE}`;
  const files = await fileDigests(release.sourceDir);
  // Contents first: a release is recorded only once every gateway can fetch it whole.
  await storeReleaseContents(store.db, release.sourceDir, files);
  await recordRelease(store.db, {
    remote: frontEnd,
    version,
    entry,
    files,
    digest: releaseDigest(files),
    ...(frontEnd !== 'shell' && { routes }),
    by: release.by,
    reason: release.reason,
  });
  return { entry };
}
