import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FrontEndName } from '@party/shared-contracts';
import type { Logger, Queryable } from '../platform/index.js';
import { releaseProblems, sha256, type ReleaseFiles } from './release-integrity.js';
import { recordedReleaseFiles, ReleaseError, releaseFiles } from './release-registry.js';

/** Files read from the database at once: a release is a few megabytes in all, a file at most a few hundred kB. */
const CONTENTS_PER_READ = 32;

/** A release the store could not give is not asked for again sooner (requests for it get 404 meanwhile). */
const FAILURE_PAUSE_MS = 5_000;
const REMEMBERED_FAILURES = 1_000;

const listed = (problems: string[]) =>
  problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');

/** Of `digests`, those whose content the shared store does not hold. */
async function missingContents(db: Queryable, digests: string[]): Promise<string[]> {
  const unique = [...new Set(digests)];
  const { rows } = await db.query<{ digest: string }>('SELECT digest FROM release_contents WHERE digest = ANY($1)', [
    unique,
  ]);
  const held = new Set(rows.map((row) => row.digest));
  return unique.filter((digest) => !held.has(digest));
}

/**
 * Puts the files of the release in `dir` (digested as `files`) into the shared store: each content
 * once, by its SHA-256, so that a file several releases share is stored once.
 */
export async function storeReleaseContents(db: Queryable, dir: string, files: ReleaseFiles): Promise<void> {
  const fileOf = new Map(Object.entries(files).map(([file, digest]) => [digest, file]));
  for (const digest of await missingContents(db, Object.values(files))) {
    const file = fileOf.get(digest) ?? '';
    const content = await fs.readFile(path.join(dir, file));
    if (sha256(content) !== digest) throw new ReleaseError(`${file} changed while it was being published.`, 409);
    await db.query('INSERT INTO release_contents (digest, content) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING', [
      digest,
      content,
    ]);
  }
}

/** Writes a release's files from the shared store into `dir`, each checked against its digest. */
async function download(db: Queryable, files: ReleaseFiles, dir: string): Promise<string[]> {
  const problems: string[] = [];
  const entries = Object.entries(files);
  for (let start = 0; start < entries.length; start += CONTENTS_PER_READ) {
    const batch = entries.slice(start, start + CONTENTS_PER_READ);
    const { rows } = await db.query<{ digest: string; content: Uint8Array }>(
      'SELECT digest, content FROM release_contents WHERE digest = ANY($1)',
      [[...new Set(batch.map(([, digest]) => digest))]],
    );
    const contents = new Map(rows.map((row) => [row.digest, Buffer.from(row.content)]));
    for (const [file, digest] of batch) {
      const content = contents.get(digest);
      const target = path.resolve(dir, file);
      if (!target.startsWith(`${path.resolve(dir)}${path.sep}`)) problems.push(`${file} is outside the release`);
      else if (!content) problems.push(`${file} is missing`);
      else if (sha256(content) !== digest) problems.push(`${file} differs from what was published`);
      else {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content);
      }
    }
  }
  return problems;
}

export interface ReleaseCache {
  /** The folder it keeps releases in (and takes uploads into, beside them). */
  readonly dir: string;
  /**
   * This instance's folder of a published release, whole and as published: fetched from the shared
   * store first when it is not here yet. With `tx` (a switch's transaction), the folder is checked
   * again file by file, and fetched anew if anything in it changed. Throws a ReleaseError when the
   * store cannot give it whole; outside a transaction that answer stands for a few seconds, so that
   * a release that cannot be fetched is not fetched again for every request.
   */
  fetch(frontEnd: FrontEndName, version: string, tx?: Queryable): Promise<string>;
}

/**
 * The releases this instance serves, copied from the shared store (the database) into `cacheDir`
 * as `<remote>/<version>/`: written beside, checked, then renamed into place, so that a folder is
 * there whole or not at all. Releases never change: a release checked whole once stays so (what is
 * served is still checked file by file: serve-releases, serverBuildAsPublished).
 */
export function releaseCache(db: Queryable, cacheDir: string, logger: Logger): ReleaseCache {
  const whole = new Set<string>();
  const fetching = new Map<string, Promise<string>>();
  const failedAt = new Map<string, { at: number; error: unknown }>();
  const incoming = () => path.join(cacheDir, '.incoming', randomUUID());

  async function fill(frontEnd: FrontEndName, version: string, q: Queryable): Promise<string> {
    const files = await releaseFiles(q, frontEnd, version);
    if (!files) throw new ReleaseError(`${frontEnd} has no published version "${version}" with recorded files.`, 404);
    const target = path.join(cacheDir, frontEnd, version);
    if ((await releaseProblems(target, files)).length === 0) {
      // A folder published before the shared store existed fills it from here.
      await storeReleaseContents(q, target, files);
      return target;
    }
    const started = performance.now();
    const fresh = incoming();
    try {
      const problems = await download(q, files, fresh);
      if (problems.length > 0)
        throw new ReleaseError(
          `${frontEnd} ${version} in the release store is not what was published: ${listed(problems)}.`,
          409,
        );
      await fs.mkdir(path.dirname(target), { recursive: true });
      // An incomplete or changed copy is moved aside, never served again.
      const stale = incoming();
      await fs.rename(target, stale).then(
        () => fs.rm(stale, { recursive: true, force: true }),
        () => undefined,
      );
      await fs.rename(fresh, target).catch(async (error: unknown) => {
        // Another fill of the same release got there first: its copy stands if it is whole.
        if ((await releaseProblems(target, files)).length > 0) throw error;
      });
      logger.info(
        { remote: frontEnd, version, files: Object.keys(files).length, ms: Math.round(performance.now() - started) },
        'release fetched from the release store',
      );
      return target;
    } finally {
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }

  return {
    dir: cacheDir,
    fetch(frontEnd, version, tx) {
      const key = `${frontEnd}/${version}`;
      const remember = (dir: string) => {
        whole.add(key);
        failedAt.delete(key);
        return dir;
      };
      // A switch looks again, file by file (and mends what changed here); inside its transaction, as
      // nothing else may wait on the database then (PGlite has one connection).
      if (tx) return fill(frontEnd, version, tx).then(remember);
      if (whole.has(key)) return Promise.resolve(path.join(cacheDir, frontEnd, version));
      const failed = failedAt.get(key);
      if (failed && performance.now() - failed.at < FAILURE_PAUSE_MS) return Promise.reject(failed.error);
      let pending = fetching.get(key);
      if (!pending) {
        pending = fill(frontEnd, version, db)
          .then(remember, (error: unknown) => {
            failedAt.delete(key);
            if (failedAt.size >= REMEMBERED_FAILURES) failedAt.delete(failedAt.keys().next().value as string);
            failedAt.set(key, { at: performance.now(), error });
            throw error;
          })
          .finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      return pending;
    },
  };
}

/**
 * What keeps the shared store from giving every published release whole: files missing, and
 * contents that do not hash to their name. What a restore checks before the site runs on it.
 */
export async function releaseStoreProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const { remote, version, files } of await recordedReleaseFiles(db)) {
    if (!files) continue;
    const missing = await missingContents(db, Object.values(files));
    if (missing.length > 0) problems.push(`${remote} ${version}: ${missing.length} of its files are missing`);
  }
  for (let after = ''; ;) {
    const { rows: contents } = await db.query<{ digest: string; content: Uint8Array }>(
      'SELECT digest, content FROM release_contents WHERE digest > $1 ORDER BY digest LIMIT $2',
      [after, CONTENTS_PER_READ],
    );
    for (const { digest, content } of contents)
      if (sha256(Buffer.from(content)) !== digest) problems.push(`the content named ${digest} differs from its name`);
    if (contents.length < CONTENTS_PER_READ) return problems;
    after = contents.at(-1)!.digest;
  }
}
