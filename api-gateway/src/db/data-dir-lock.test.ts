import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
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
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
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
  expect(await fs.readFile(`${folder}.lock`, 'utf8')).toBe(`${process.pid}\n`);
  await unlock();
  await expect(fs.access(`${folder}.lock`)).rejects.toThrow();
});

it('is released for the next opener', async () => {
  const unlock = await lockDataDir(folder);
  await unlock();
  await (await lockDataDir(folder))();
});

it('guards the embedded database: a second opener is refused before it touches the files', async () => {
  const pid = await anotherProcess();
  await fs.writeFile(`${folder}.lock`, `${pid}\n`);
  await expect(openPglite(folder, createLogger({ logLevel: 'silent' }))).rejects.toBeInstanceOf(DataDirInUseError);
  expect(await fs.readdir(folder)).toEqual([]);
});
