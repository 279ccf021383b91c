import fs from 'node:fs/promises';

/** Another live process has the embedded database open: opening it too would corrupt it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open in process ${pid} (the running site?). ` +
        'Only one process may open it: stop that process first, or use PostgreSQL (DATABASE_URL) to share the data.',
    );
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function holder(lockFile: string): Promise<number | null> {
  const pid = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Claims a PGlite data folder for this process, as PostgreSQL's postmaster.pid does: the lock file
 * (beside the folder, which PGlite wants to itself) is created exclusively and names its process; a
 * lock left by a process that no longer runs, or by an earlier life of this pid, is taken over.
 * Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = await holder(lockFile);
    if (pid !== null && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
    await fs.rm(lockFile, { force: true });
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: another process keeps claiming it`);
}
