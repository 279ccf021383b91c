import fs from 'node:fs/promises';
import os from 'node:os';

/** Another live process has the embedded database open: opening it too would corrupt it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host: string | null = null,
  ) {
    super(
      host
        ? `The embedded database in ${dataDir} is already open in process ${pid} on host ${host}. Only one process may open it: ` +
            `stop that process first; if that host is gone for good, remove ${dataDir.replace(/[/\\]+$/, '')}.lock.`
        : `The embedded database in ${dataDir} is already open in process ${pid} (the running site?). ` +
            'Only one process may open it: stop that process first, or use PostgreSQL (DATABASE_URL) to share the data.',
    );
  }
}

/** Who holds a lock: a process of a host, during one boot of it, started at a moment of that boot. */
export interface LockHolder {
  pid: number;
  host: string | null;
  /** The kernel's boot id (Linux); null where there is none. */
  boot: string | null;
  /** The process's start time since boot, in clock ticks (Linux /proc); null where unknown. */
  started: string | null;
}

const readOrNull = (file: string) =>
  fs.readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );

/** When process `pid` started (field 22 of /proc/<pid>/stat), or null when it does not run or /proc is not there. */
export async function processStart(pid: number): Promise<string | null> {
  const stat = await readOrNull(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

/** This process, as a lock names it. */
export async function thisProcess(): Promise<LockHolder> {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: await readOrNull('/proc/sys/kernel/random/boot_id'),
    started: await processStart(process.pid),
  };
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

/** The holder a lock file names; a bare pid (the format before hosts were named) is of this host. */
async function holderOf(lockFile: string): Promise<LockHolder | null> {
  const text = (await fs.readFile(lockFile, 'utf8').catch(() => '')).trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), host: null, boot: null, started: null };
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Whether `holder` still holds the folder. Another host's process cannot be seen from here: its
 * lock holds until a person removes it. Here, a process of an earlier boot, or one whose pid now
 * names another process (recycled: its start time differs), holds nothing.
 */
async function stillHolds(holder: LockHolder, self: LockHolder): Promise<boolean> {
  if (holder.host && self.host && holder.host !== self.host) return true;
  if (holder.boot && self.boot && holder.boot !== self.boot) return false;
  if (holder.pid === self.pid && (!holder.started || holder.started === self.started)) return false;
  if (!isAlive(holder.pid)) return false;
  if (holder.started) {
    const started = await processStart(holder.pid);
    if (started && started !== holder.started) return false;
  }
  return true;
}

/**
 * Claims a PGlite data folder for this process, as PostgreSQL's postmaster.pid does: the lock file
 * (beside the folder, which PGlite wants to itself) is created exclusively and names its process,
 * host, boot and start time; a lock whose process is gone (it exited, the machine rebooted, or its
 * pid now names another process) is taken over, and another host's is never. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  const self = await thisProcess();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockFile, `${JSON.stringify(self)}\n`, { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await holderOf(lockFile);
    if (holder && (await stillHolds(holder, self)))
      throw new DataDirInUseError(dataDir, holder.pid, holder.host && holder.host !== self.host ? holder.host : null);
    await fs.rm(lockFile, { force: true });
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: another process keeps claiming it`);
}
