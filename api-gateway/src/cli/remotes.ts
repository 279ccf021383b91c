import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../logger.js';
import { runRemotesCommand } from './remote-commands.js';

// `npm run remotes -- <command>`: what operators and teams use to ship and roll back one remote.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function buildRemote(remote: string, outDir: string, release: string): Promise<void> {
  const rsbuild = path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [rsbuild, 'build', '--environment', 'federation'], {
      cwd: path.join(repositoryRoot, remote),
      env: { ...process.env, REMOTE_RELEASE: release, REMOTE_DIST_DIR: outDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building ${remote} failed (exit ${code})`))));
  });
}

const config = readConfig();
let db: Database | undefined;
try {
  // On the embedded database this is refused while the site runs: it has the folder open.
  db = await openDatabase(config.database, createLogger({ logLevel: 'error' }));
  await migrate(db);
  await runRemotesCommand(process.argv.slice(2), {
    db,
    config,
    repositoryRoot,
    buildRemote,
    out: (line) => console.log(line),
    user: process.env.USER ?? os.userInfo().username,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db?.close();
}
