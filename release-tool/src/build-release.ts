import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The label of the build that names a release: its pages say nothing of a version yet. */
const UNLABELLED_RELEASE = 'unlabelled';
/** Module Federation's build statistics list modules in no fixed order, and no browser reads them. */
const UNSTABLE_BUILD_FILE = /(^|\/)mf-stats\.json(\.\w+)?$/;
/** Where a release says what it was built from. */
export const PROVENANCE_FILE = 'release.json';

/** What a release was built from, written into it (`release.json`) and so covered by its digest. */
export interface ReleaseProvenance {
  /** The commit of the remote's folder, `+changes` when it had uncommitted changes; null outside git. */
  commit: string | null;
  /** SHA-256 of the lockfile the dependencies were installed from (the nearest package-lock.json). */
  lockfile: string | null;
  node: string;
  rsbuild: string;
  builtAt: string;
}

/**
 * Builds the remote whose folder is `remoteDir` into `outDir`, its pages labelled `release`: for
 * browsers (its federation container) and for the gateway's page renderer (its server build), with
 * the build tools that folder installed.
 */
export function buildRemote(remoteDir: string, outDir: string, release: string): Promise<void> {
  const rsbuild = path.join(
    path.dirname(createRequire(path.join(remoteDir, 'package.json')).resolve('@rsbuild/core/package.json')),
    'bin/rsbuild.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [rsbuild, 'build', '--environment', 'federation', '--environment', 'server'],
      {
        cwd: remoteDir,
        env: { ...process.env, REMOTE_RELEASE: release, REMOTE_DIST_DIR: outDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${path.basename(remoteDir)} failed (exit ${code})`)),
    );
  });
}

/** A short hash of every file of a build (names and contents, in a stable order). */
export async function bundleHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((item) => item.isFile())
    .map((item) => path.join(item.parentPath, item.name));
  for (const file of files.filter((each) => !UNSTABLE_BUILD_FILE.test(each)).sort())
    hash
      .update(path.relative(dir, file))
      .update('\0')
      .update(await fs.readFile(file))
      .update('\0');
  return hash.digest('hex').slice(0, 7);
}

const run = promisify(execFile);

async function commitOf(dir: string): Promise<string | null> {
  try {
    const { stdout: commit } = await run('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: dir });
    const { stdout: changes } = await run('git', ['status', '--porcelain', '--', '.'], { cwd: dir });
    return `${commit.trim()}${changes.trim() ? '+changes' : ''}`;
  } catch {
    return null;
  }
}

async function nearestLockfile(dir: string): Promise<string | null> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const text = await fs.readFile(path.join(current, 'package-lock.json')).catch(() => null);
    if (text) return `sha256-${createHash('sha256').update(text).digest('hex')}`;
    if (path.dirname(current) === current) return null;
  }
}

async function provenanceOf(remoteDir: string): Promise<ReleaseProvenance> {
  const rsbuildPackage = createRequire(path.join(remoteDir, 'package.json')).resolve('@rsbuild/core/package.json');
  const { version: rsbuild } = JSON.parse(await fs.readFile(rsbuildPackage, 'utf8')) as { version: string };
  return {
    commit: await commitOf(remoteDir),
    lockfile: await nearestLockfile(remoteDir),
    node: process.version,
    rsbuild,
    builtAt: new Date().toISOString(),
  };
}

export interface BuiltRelease {
  /** `<package version>+<hash of the bundle>`: the same bundle is the same release. */
  version: string;
  /** A new temporary folder holding the release; the caller removes it. */
  dir: string;
  provenance: ReleaseProvenance;
}

/** A build of a remote (buildRemote), replaced in tests. */
export type RemoteBuilder = (remoteDir: string, outDir: string, release: string) => Promise<void>;

/**
 * The one routine that builds a release of the remote in `remoteDir`: once with a neutral label, to
 * name it by what its bundle holds (a change that never reaches the bundle does not re-version it),
 * then with that version, into a folder of its own with `release.json` saying what it was built from.
 */
export async function buildRelease(
  remoteDir: string,
  { build = buildRemote, report = () => undefined }: { build?: RemoteBuilder; report?: (line: string) => void } = {},
): Promise<BuiltRelease> {
  const { name, version: packageVersion } = JSON.parse(
    await fs.readFile(path.join(remoteDir, 'package.json'), 'utf8'),
  ) as { name: string; version: string };
  const probe = await fs.mkdtemp(path.join(os.tmpdir(), 'release-probe-'));
  let version: string;
  try {
    report(`Building ${name} to name its release…`);
    await build(remoteDir, probe, UNLABELLED_RELEASE);
    version = `${packageVersion}+${await bundleHash(probe)}`;
  } finally {
    await fs.rm(probe, { recursive: true, force: true });
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'));
  report(`Building ${name} ${version}…`);
  await build(remoteDir, dir, version);
  const provenance = await provenanceOf(remoteDir);
  await fs.writeFile(path.join(dir, PROVENANCE_FILE), `${JSON.stringify({ version, ...provenance }, null, 2)}\n`);
  return { version, dir, provenance };
}
