import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** SHA-256 (hex) of every file of a release, by its path inside the release (`/` separators). */
export type ReleaseFiles = Record<string, string>;

export const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

/** Every file under `dir` with its SHA-256, in a stable order. */
export async function fileDigests(dir: string): Promise<ReleaseFiles> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const digests: ReleaseFiles = {};
  for (const file of files.sort()) digests[file] = sha256(await fs.readFile(path.join(dir, file)));
  return digests;
}

/** One digest naming the whole release: its file names and contents. */
export function releaseDigest(files: ReleaseFiles): string {
  return `sha256-${createHash('sha256')
    .update(JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))))
    .digest('base64url')}`;
}

/** What keeps the release in `dir` from being the one published: missing and changed files. */
export async function releaseProblems(dir: string, files: ReleaseFiles): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, digest] of Object.entries(files)) {
    const content = await fs.readFile(path.join(dir, file)).catch(() => null);
    if (content === null) problems.push(`${file} is missing`);
    else if (sha256(content) !== digest) problems.push(`${file} differs from what was published`);
  }
  return problems;
}

/**
 * Decides whether a stored file may be served: it must be one the release published, with the same
 * content. A file's verdict is remembered while its size and modification time stay the same, so a
 * request costs a stat, not a hash.
 */
export function fileVerifier(filesOf: (remote: string, version: string) => Promise<ReleaseFiles | null>) {
  // Releases never change once published: what one published is read once.
  const published = new Map<string, ReleaseFiles>();
  const verified = new Map<string, string>();
  return async (releaseDir: string, remote: string, version: string, file: string): Promise<boolean> => {
    const release = `${remote}/${version}`;
    let files = published.get(release) ?? null;
    if (!files) {
      files = await filesOf(remote, version);
      if (files) published.set(release, files);
    }
    const expected = files?.[file];
    if (!expected) return false;
    const full = path.join(releaseDir, file);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) return false;
    const key = `${full}\0${stat.size}\0${stat.mtimeMs}`;
    if (verified.get(full) === key) return true;
    const matches = sha256(await fs.readFile(full)) === expected;
    if (matches) verified.set(full, key);
    else verified.delete(full);
    return matches;
  };
}
