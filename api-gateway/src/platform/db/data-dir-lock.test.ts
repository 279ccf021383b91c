import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestProcess } from '../../testing/test-processes.js';
import { createLogger } from '../logger.js';
import { DataDirInUseError, lockDataDir, processStart, thisProcess } from './data-dir-lock.js';
import { openPglite } from './pglite-database.js';

let folder: string;
let other: ChildProcess | null = null;
beforeEach(async () => {
  folder = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lock-')), 'pglite');
});
afterEach(() => {
  other?.kill();
  other = null;
});

/** A live process that is not this one, as the running site would be. */
async function anotherProcess(): Promise<number> {
  other = startTestProcess('another holder of the lock', process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => other!.once('spawn', resolve));
  return other.pid!;
}

it('refuses a folder that a live process holds, naming that process', async () => {
  const pid = await anotherProcess();
  await fs.writeFile(`${folder}.lock`, `${pid}\n`);
  const refusal = lockDataDir(folder);
  await expect(refusal).rejects.toBeInstanceOf(DataDirInUseError);
  await expect(refusal).rejects.toThrow(`already open in process ${pid}`);
});

it('takes over the lock of a process that no longer runs', async () => {
  const pid = await anotherProcess();
  await fs.writeFile(`${folder}.lock`, `${pid}\n`);
  other!.kill('SIGKILL');
  await new Promise((resolve) => other!.once('exit', resolve));
  const unlock = await lockDataDir(folder);
  expect(JSON.parse(await fs.readFile(`${folder}.lock`, 'utf8'))).toEqual(await thisProcess());
  await unlock();
  await expect(fs.access(`${folder}.lock`)).rejects.toThrow();
});

it('is released for the next opener', async () => {
  const unlock = await lockDataDir(folder);
  await unlock();
  await (
    await lockDataDir(folder)
  )();
});

it('guards the embedded database: a second opener is refused before it touches the files', async () => {
  const pid = await anotherProcess();
  await fs.writeFile(`${folder}.lock`, `${pid}\n`);
  await expect(openPglite(folder, createLogger({ logLevel: 'silent' }))).rejects.toBeInstanceOf(DataDirInUseError);
  expect(await fs.readdir(folder)).toEqual([]);
});

const lockOf = (holder: object) => fs.writeFile(`${folder}.lock`, `${JSON.stringify(holder)}\n`);

it('refuses a folder that another host holds, whatever its pid says here, naming the host and what to remove', async () => {
  const self = await thisProcess();
  await lockOf({ ...self, pid: 1, host: 'other-container', started: '1' });
  await expect(lockDataDir(folder)).rejects.toThrow(`already open in process 1 on host other-container`);
  // The same pid as this process: in another container, pid 1 and pid 1 are two processes.
  await lockOf({ ...self, host: 'other-container' });
  await expect(lockDataDir(folder)).rejects.toBeInstanceOf(DataDirInUseError);
});

it.each([
  [
    'a recycled pid: a live process that started at another time',
    async () => ({ ...(await thisProcess()), pid: await anotherProcess(), started: '1' }),
  ],
  [
    'a lock of an earlier boot',
    async () => ({ ...(await thisProcess()), pid: await anotherProcess(), boot: 'an-earlier-boot' }),
  ],
])('takes over %s', async (_case, holder) => {
  await lockOf(await holder());
  const unlock = await lockDataDir(folder);
  expect(JSON.parse(await fs.readFile(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
  await unlock();
});

it('refuses a live process of this host that the lock names exactly', async () => {
  const pid = await anotherProcess();
  await lockOf({ ...(await thisProcess()), pid, started: await processStart(pid) });
  await expect(lockDataDir(folder)).rejects.toThrow(`already open in process ${pid} (the running site?)`);
});
