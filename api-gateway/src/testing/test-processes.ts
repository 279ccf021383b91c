import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The one registry of the processes tests start (local chains, gateways, HAProxy, browsers and
 * their drivers, command-line runs). Each starts in a process group of its own, so that stopping it
 * stops what it started in turn (a gateway's renderer, WebKitWebDriver's browser). Each is stopped
 * when the test file that started it ends, whether that file's setup got as far as stopping it or
 * not: jest's environment (jest/test-process-environment.js) calls `stopTestProcesses` after the
 * file's hooks, and a Playwright worker kills what is left as it exits. The run's own wrapper (scripts/test-run.mjs) gives every process of the run
 * TEST_PROCESS_DIR, where each started process is named; what still runs when the run ends is named
 * and fails it. A failing setup then costs its test, never a hung run (issue 60).
 */

interface Started {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

const started = new Set<Started>();
const STOP_GRACE_MS = 10_000;

/** The test file running in this process, when jest says so. */
function owner(): string {
  const testPath = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.()
    .testPath;
  return testPath ? path.relative(process.cwd(), testPath) : `process ${process.pid}`;
}

/** Signals a process's whole group; the process alone when it has none of its own. */
function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(-pid, name);
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Starts `command` as a test's process named `name` (which the end-of-run check prints), in a group
 * of its own, registered until it exits.
 */
export function startTestProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const registry = process.env.TEST_PROCESS_DIR;
  const env = { ...(options.env ?? process.env), ...(registry && { TEST_PROCESS_DIR: registry }) };
  const child = spawn(command, args, { ...options, env, detached: true });
  const entry: Started = {
    name,
    child,
    exited: new Promise((resolve) => {
      child.once('exit', () => {
        // What it started in turn goes with it.
        if (child.pid) signal(child.pid, 'SIGKILL');
        if (registry && child.pid) fs.rmSync(path.join(registry, `${child.pid}.json`), { force: true });
        started.delete(entry);
        resolve();
      });
      child.once('error', () => {
        started.delete(entry);
        resolve();
      });
    }),
  };
  started.add(entry);
  if (registry && child.pid)
    fs.writeFileSync(path.join(registry, `${child.pid}.json`), JSON.stringify({ name, owner: owner() }));
  return child;
}

/** Runs `command` to its end as a test's process: its output, or its failure with what it wrote. */
export function runTestProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = startTestProcess(name, command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', (code, killedBy) => {
      const output = { stdout: stdout.join(''), stderr: stderr.join('') };
      if (code === 0) resolve(output);
      else
        reject(
          Object.assign(
            new Error(`${name} exited with ${code ?? killedBy}: ${output.stderr || output.stdout}`),
            output,
          ),
        );
    });
  });
}

/**
 * Stops every process this one started that still runs (SIGTERM, then SIGKILL), and waits for them
 * to exit: the names of those nobody had told to stop.
 */
export async function stopTestProcesses(): Promise<string[]> {
  const running = [...started];
  const forgotten = running.filter(({ child }) => !child.killed).map(({ name }) => name);
  await Promise.all(
    running.map(async ({ child, exited }) => {
      if (!child.pid) return;
      signal(child.pid, 'SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
      if ((await Promise.race([exited, late])) === 'late') signal(child.pid, 'SIGKILL');
      clearTimeout(timer);
      await exited;
    }),
  );
  return forgotten;
}

// A Playwright worker that ends without stopping what it started (after a timed-out test) takes it
// along. Not under jest, where each file loads this module anew and its environment stops the rest.
if (!process.env.JEST_WORKER_ID)
  process.once('exit', () => {
    for (const { child } of started) if (child.pid) signal(child.pid, 'SIGKILL');
  });
(globalThis as Record<symbol, unknown>)[Symbol.for('party.stopTestProcesses')] = stopTestProcesses;

/**
 * Throws when TEST_INJECT_FAILURE names `fixture`, after the fixture has started its processes: how
 * the suite shows that a setup failing halfway leaves nothing running (docs/testing.md).
 */
export function failIfInjected(fixture: 'local-chain' | 'gateway') {
  if (process.env.TEST_INJECT_FAILURE === fixture)
    throw new Error(`TEST_INJECT_FAILURE=${fixture}: the ${fixture} fixture fails after starting`);
}
