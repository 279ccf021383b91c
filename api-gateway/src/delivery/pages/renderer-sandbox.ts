import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { noSocketsFilter } from './no-sockets-filter.js';
import type { RendererBundles } from './renderer-protocol.js';

/** Where bubblewrap is, from Debian's `bubblewrap` package. */
export const BUBBLEWRAP = '/usr/bin/bwrap';

/** Inside the sandbox: the Node binary, and the folder holding the renderer's one file. */
const SANDBOX_NODE = '/node';
const SANDBOX_CODE = '/renderer';
const SANDBOX_SCRIPT = `${SANDBOX_CODE}/page-renderer.mjs`;

/**
 * Bundles the renderer process (renderer-process.ts or, built, .js) into `outfile`: one file with
 * everything it runs (React, its router, zustand and the contracts), so that the sandbox holds that
 * file and no `node_modules`, whose workspace symlinks lead back into the repository.
 */
export async function bundleRenderer(outfile: string): Promise<void> {
  const fromSource = import.meta.url.endsWith('.ts');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL(`./renderer-process.${fromSource ? 'ts' : 'js'}`, import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: fromSource ? ['@party/source'] : [],
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's CommonJS files require Node's own modules; an ES module has no `require` of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
}

/** The renderer's script: built, `dist/page-renderer.mjs` (npm run build); from source, bundled once per process. */
export async function rendererScript(): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('../../page-renderer.mjs', import.meta.url));
  bundled ??= (async () => {
    const outfile = path.resolve(
      fileURLToPath(import.meta.url),
      '../../../../node_modules/.cache/page-renderer',
      `page-renderer.${process.pid}.mjs`,
    );
    await bundleRenderer(outfile);
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
    return outfile;
  })();
  return bundled;
}
let bundled: Promise<string> | undefined;

/** Node 22.13+ and 24 name the permission model `--permission`; Node 20 `--experimental-permission`. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/** The folders of a snapshot's builds (each server build's release folder), outermost first. */
function buildFolders(bundles: RendererBundles): string[] {
  const entries = [
    bundles.shellEntry,
    ...Object.values(bundles.remotes).flatMap((remote) => (remote ? [remote.serverEntry] : [])),
  ];
  return [...new Set(entries.map((entry) => path.dirname(path.dirname(entry))))].sort((a, b) => a.length - b.length);
}

/**
 * bubblewrap's arguments for a renderer of `bundles`, running `script` (decision 0044). The kernel
 * gives it a filesystem of its own: the system's libraries, the Node binary, the renderer's one
 * file and the builds it renders, read-only, at the paths the gateway names them by (nothing else:
 * no repository, data or mail folder, `/proc` or `/etc`); new user, PID, IPC, UTS, cgroup and
 * network namespaces, as nobody with no capability; and a filter that refuses every socket
 * (no-sockets-filter.ts), read from file descriptor 4. Node's permission model inside refuses what
 * a sandbox still allows a process: writing, starting processes and workers, native addons.
 */
function sandboxArguments(files: Array<[from: string, to: string]>, command: string[]): string[] {
  const node = fs.realpathSync(process.execPath);
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--dir',
    SANDBOX_CODE,
    '--chdir',
    SANDBOX_CODE,
    '--uid',
    '65534',
    '--gid',
    '65534',
    '--cap-drop',
    'ALL',
    ...['/usr/lib', '/lib64'].flatMap((dir) => (fs.existsSync(dir) ? ['--ro-bind', dir, dir] : [])),
    '--symlink',
    'usr/lib',
    '/lib',
    '--ro-bind',
    node,
    SANDBOX_NODE,
    ...files.flatMap(([from, to]) => ['--ro-bind', from, to]),
    '--seccomp',
    '4',
    SANDBOX_NODE,
    ...command,
  ];
}

/** How to start the renderer of `bundles`: bubblewrap's arguments, and the filter to write to its descriptor 4. */
export async function rendererSandbox(
  bundles: RendererBundles,
  bubblewrap = BUBBLEWRAP,
): Promise<{ command: string; args: string[]; filter: Buffer }> {
  const isolation = await rendererIsolation(bubblewrap);
  if (!isolation.isolated) throw new Error(`The page renderer cannot be isolated here: ${isolation.reason}`);
  const script = await rendererScript();
  const builds = buildFolders(bundles);
  // What the renderer sees is the sandbox's to decide: the permission model reads all of it.
  const permissions = [PERMISSION_FLAG, '--allow-fs-read=*'];
  return {
    command: bubblewrap,
    args: sandboxArguments(
      [[script, SANDBOX_SCRIPT], ...builds.map((dir): [string, string] => [fs.realpathSync(dir), dir])],
      [...permissions, '--max-old-space-size=512', SANDBOX_SCRIPT],
    ),
    filter: isolation.filter,
  };
}

export type RendererIsolation = { isolated: true; filter: Buffer } | { isolated: false; reason: string };

/**
 * Whether this machine can seal the renderer: bubblewrap is installed, the kernel lets it make the
 * namespaces, and the socket filter is written for this processor. Asked once per bubblewrap path,
 * by starting the sandbox around `node -e 0`. When it cannot, no remote server code runs at all:
 * the browser renders every page (never a weaker sandbox in silence).
 */
export function rendererIsolation(bubblewrap = BUBBLEWRAP): Promise<RendererIsolation> {
  let known = isolations.get(bubblewrap);
  if (!known) {
    known = new Promise<RendererIsolation>((resolve) => {
      const filter = noSocketsFilter();
      if (!filter) return resolve({ isolated: false, reason: `no socket filter is written for ${process.arch}` });
      if (!fs.existsSync(bubblewrap))
        return resolve({ isolated: false, reason: `bubblewrap is not installed (${bubblewrap})` });
      const trial = spawn(bubblewrap, sandboxArguments([], ['-e', '0']), {
        env: {},
        stdio: ['ignore', 'ignore', 'pipe', 'ignore', 'pipe'],
        timeout: 10_000,
      });
      let said = '';
      trial.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      (trial.stdio[4] as Writable).end(filter);
      trial.on('error', (error) =>
        resolve({ isolated: false, reason: `bubblewrap could not start: ${error.message}` }),
      );
      trial.on('close', (code) =>
        resolve(
          code === 0
            ? { isolated: true, filter }
            : { isolated: false, reason: `bubblewrap could not make the sandbox: ${said.trim() || `exit ${code}`}` },
        ),
      );
    });
    isolations.set(bubblewrap, known);
  }
  return known;
}
const isolations = new Map<string, Promise<RendererIsolation>>();
