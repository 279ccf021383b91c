import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverSharedModules } from '@party/shared-contracts';
import type { RendererBundles } from './renderer-protocol.js';

const require = createRequire(import.meta.url);

/** The folder of the package a module of it resolves to (its realpath: Node checks reads there). */
function packageDirOf(file: string): string {
  let dir = path.dirname(fs.realpathSync(file));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * The renderer process's script. Built, it runs as it is. From source (the tests), it is bundled
 * by esbuild into one file first, with the source of shared-contracts: TypeScript loaders run their
 * hooks on a worker thread, which the process may not start, and a bundle runs under the very
 * permissions the built script does. Only the shared singletons (React, its router, zustand) stay
 * outside, found in node_modules from the bundle's folder, as the built script finds them.
 */
export async function rendererScript(): Promise<string> {
  const built = new URL('./renderer-process.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(built);
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(
      packageDirOf(fileURLToPath(import.meta.url)),
      'node_modules/.cache/page-renderer',
      `renderer-process.${process.pid}.mjs`,
    );
    await build({
      entryPoints: [fileURLToPath(new URL('./renderer-process.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      conditions: ['@party/source'],
      external: [...serverSharedModules],
      logLevel: 'silent',
    });
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
    return outfile;
  })();
  return bundled;
}
let bundled: Promise<string> | undefined;

const ancestorsOf = (dir: string): string[] =>
  path.dirname(dir) === dir ? [dir] : [dir, ...ancestorsOf(path.dirname(dir))];

/** Node 22.13+ and 24 name the permission model `--permission`; Node 20 `--experimental-permission`. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/**
 * The renderer process's permissions (Node's permission model, decision 0035): it may read its own
 * code and dependencies, the built shell and the folders of the releases it renders, and nothing
 * else (not the gateway's environment in /proc, its database folder or its configuration); it may
 * write nowhere, start no process or worker, load no native addon and open no inspector. Node 20
 * to 24 leave the network to the process itself: renderer-process.ts closes it before any build
 * is loaded.
 */
export function rendererPermissions(script: string, bundles: RendererBundles): string[] {
  const rendererCode = path.dirname(script);
  const dependencies = path.dirname(packageDirOf(require.resolve('react')));
  const contracts = packageDirOf(fileURLToPath(import.meta.resolve('@party/shared-contracts')));
  // A build's folder: the server build's own (`server/`) and its release folder around it.
  const buildOf = (serverEntry: string) => path.dirname(path.dirname(serverEntry));
  const builds = [
    bundles.shellEntry,
    ...Object.values(bundles.remotes).flatMap((remote) => (remote ? [remote.serverEntry] : [])),
  ].map(buildOf);
  // Node resolves a module (and a script's type) by looking for node_modules and package.json in
  // every folder above: each look must be allowed to find nothing.
  const lookups = ancestorsOf(rendererCode).flatMap((dir) => [
    path.join(dir, 'node_modules'),
    path.join(dir, 'package.json'),
  ]);
  const readable = [...new Set([rendererCode, dependencies, contracts, ...builds, ...lookups])];
  return [PERMISSION_FLAG, ...readable.map((dir) => `--allow-fs-read=${dir}`)];
}
