// Runs a test command (`node scripts/test-run.mjs <command> [args…]`) so that it leaves nothing
// running. Every process of the run carries TEST_PROCESS_DIR in its environment, where the tests
// name what they start (api-gateway/src/testing/test-processes.ts). When the command ends, however
// it ends, whatever of the run still runs is named, stopped, and fails the run: an orphan must
// never hold a run open (a chain left by a failed setup kept jest from exiting, issue 60).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/test-run.mjs <command> [args…]');
  process.exit(2);
}

const registry = fs.mkdtempSync(path.join(os.tmpdir(), 'party-test-processes-'));
const marker = `TEST_PROCESS_DIR=${registry}`;
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_PROCESS_DIR: registry } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) =>
  child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);

/** The processes of this run still running (they carry its marker in their environment). */
function survivors() {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environment;
    try {
      environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    if (!environment.split('\0').includes(marker)) continue;
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    let named = null;
    try {
      named = JSON.parse(fs.readFileSync(path.join(registry, `${pid}.json`), 'utf8'));
    } catch {
      // Not started through the registry: a test runner's worker, or what a started process started.
    }
    found.push({ pid, commandLine, named });
  }
  return found;
}

// A process may be on its way out: a moment's grace before calling it a survivor.
let left = survivors();
for (let attempt = 0; attempt < 20 && left.length > 0; attempt += 1) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  left = survivors();
}
for (const { pid, commandLine, named } of left) {
  const what = named ? `${named.name}, started by ${named.owner}` : commandLine.slice(0, 200);
  console.error(`Still running after the tests: ${what} (pid ${pid}). Stopped; the run fails.`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // It ended meanwhile.
  }
}
fs.rmSync(registry, { recursive: true, force: true });
process.exit(code !== 0 ? code : left.length > 0 ? 1 : 0);
