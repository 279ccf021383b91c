import path from 'node:path';
import { releaseProblems } from './release-integrity.js';
import { ReleaseError, type ReleaseCheck } from './release-registry.js';

/** A release is switched to only when the store holds it complete and unchanged since publication. */
export function storedAsPublished(storeDir: string): ReleaseCheck {
  return async (remote, version, files) => {
    if (!files) throw new ReleaseError(`Refused: ${remote} ${version} was published before releases recorded their files; publish it again.`, 409);
    const problems = await releaseProblems(path.join(storeDir, remote, version), files);
    if (problems.length > 0) {
      const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
      throw new ReleaseError(`Refused: ${remote} ${version} in the release store is not what was published: ${shown}. Nothing was switched.`, 409);
    }
  };
}
