import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE, type ReleaseName } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import { fileDigests, releaseDigest } from './release-integrity.js';
import { recordRelease, ReleaseError } from './release-registry.js';
import { checkReleaseContract } from './remote-contract-check.js';

export const RELEASE_VERSION = /^[\w.+-]{1,64}$/;

export interface ReleaseStore {
  db: Database;
  /** Where releases are kept, as `<remote>/<version>/`. */
  storeDir: string;
  /** The URL that serves `storeDir`. */
  baseUrl: string;
}

/**
 * Publishes the build in `sourceDir` as `remote` `version`: checked against the contract, copied
 * into the store, its files' digests recorded. Not active yet. Releases never change, so a version
 * is published once; nothing is left in the store by a refusal.
 */
export async function publishRelease(
  store: ReleaseStore,
  release: { remote: ReleaseName; version: string; sourceDir: string; by: string; reason: string },
): Promise<{ entry: string }> {
  const { remote, version } = release;
  if (!RELEASE_VERSION.test(version)) throw new ReleaseError(`"${version}" is not a version: letters, digits and . + - _ only`, 409);
  const { problems, routes } = await checkReleaseContract(remote, release.sourceDir);
  if (problems.length > 0) throw new ReleaseError(`Refused: ${remote} ${version} breaks the contract: ${problems.join('; ')}.`, 409);

  const target = path.join(store.storeDir, remote, version);
  if (await fs.stat(target).then(() => true, () => false)) throw new ReleaseError(`${remote} ${version} is already published; releases never change.`, 409);
  await fs.cp(release.sourceDir, target, { recursive: true });
  const entry = `${store.baseUrl}/${remote}/${version}/${REMOTE_MANIFEST_FILE}`;
  try {
    const files = await fileDigests(target);
    await recordRelease(store.db, { remote, version, entry, files, digest: releaseDigest(files), ...(remote !== 'shell' && { routes }), by: release.by, reason: release.reason });
  } catch (error) {
    await fs.rm(target, { recursive: true, force: true });
    throw error;
  }
  return { entry };
}
