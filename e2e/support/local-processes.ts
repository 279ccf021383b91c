import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { failIfInjected, startTestProcess } from '../../api-gateway/src/testing/test-processes';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** A port free on 127.0.0.1 right now: other processes on the machine may hold the common ones. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a Node script to completion; its errors go to the test output. */
export function runNode(args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startTestProcess(path.basename(args[0] ?? 'node'), process.execPath, args, {
      ...options,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Starts a Node script (with this Node, so that stopping it stops it) and waits, at most 90 s,
 * until `ready` answers true: three gateways rendering their pages at once beside remote builds take
 * more than 30 s on a loaded 2-core machine.
 */
export async function startNode(
  name: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = startTestProcess(name, process.execPath, args, { ...options, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not start within 90 s`);
}

/** The production gateway on `port`, once `/api/health` answers; `env` is its whole environment. */
export async function startGateway(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // Stopped at the end of a run, not drained: nothing routes to it.
  const gateway = await startNode(
    'The gateway',
    [path.join(repositoryRoot, 'api-gateway/dist/server.js')],
    { env: { SHUTDOWN_DRAIN_MS: '0', ...env, HOST: '127.0.0.1', PORT: String(port) } },
    async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
  );
  failIfInjected('gateway');
  return gateway;
}

/**
 * A federation build of `remote` whose pages say `release <label>`, made once per run of the browser
 * tests however many specs ask for it, in the run's folder of builds (E2E_BUILDS, made by
 * global-setup): the first to ask builds it, the others wait for it (workers are processes).
 */
export async function labelledBuild(remote: string, label: string): Promise<string> {
  const builds = process.env.E2E_BUILDS;
  if (!builds) throw new Error('E2E_BUILDS is not set: the browser tests start from global-setup.ts');
  const dir = path.join(builds, `${remote}-${label}`);
  const [done, failed] = [`${dir}.done`, `${dir}.failed`];
  try {
    fs.mkdirSync(dir);
  } catch {
    for (let waited = 0; waited < 600; waited += 1) {
      if (fs.existsSync(done)) return dir;
      if (fs.existsSync(failed)) throw new Error(`The build of ${remote} "${label}" by another spec failed`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error(`Not within 600 s: the build of ${remote} "${label}" by another spec`);
  }
  try {
    await buildRemote(remote, dir, { REMOTE_RELEASE: label });
  } catch (error) {
    fs.writeFileSync(failed, '');
    throw error;
  }
  fs.writeFileSync(done, '');
  return dir;
}

/** Another federation build of a remote (for browsers only), in a folder of its own. */
function buildRemote(remote: string, outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return runNode(
    [path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build', '--environment', 'federation'],
    {
      cwd: path.join(repositoryRoot, remote),
      env: { ...process.env, ...env, REMOTE_DIST_DIR: outDir },
    },
  );
}
