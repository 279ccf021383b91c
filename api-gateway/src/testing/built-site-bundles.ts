import fs from 'node:fs/promises';
import path from 'node:path';
import { builtInRemoteNames, ROUTES_FILE, type RemoteName, type RemoteRoute } from '@party/shared-contracts';
import type { RendererBundles } from '../delivery/pages/renderer-protocol.js';

const repository = path.resolve(import.meta.dirname, '../../..');
const built = (name: RemoteName | 'shell', file: string) => path.join(repository, name, 'dist', file);

/**
 * The page renderer's bundles for the site's own builds, as `npm run build` leaves them (the tests'
 * and the renderer bench's): every remote's configured build with the routes it declares.
 */
export async function builtSiteBundles(settings: RendererBundles['settings']): Promise<RendererBundles> {
  const shellEntry = built('shell', 'server/server.mjs');
  if (
    !(await fs.stat(shellEntry).then(
      () => true,
      () => false,
    ))
  )
    throw new Error('Build the site first (npm run build): the page renderer renders its server builds.');
  const routesOf = async (name: RemoteName) =>
    JSON.parse(await fs.readFile(built(name, ROUTES_FILE), 'utf8')) as RemoteRoute[];
  return {
    settings,
    shellEntry,
    remotes: Object.fromEntries(
      builtInRemoteNames.map((name) => [
        name,
        { serverEntry: built(name, 'server/server.mjs'), assetBase: `/remotes/${name}/` },
      ]),
    ) as RendererBundles['remotes'],
    registry: {
      remotes: Object.fromEntries(
        await Promise.all(
          builtInRemoteNames.map(async (name) => [
            name,
            { entry: `/remotes/${name}/mf-manifest.json`, version: 'configured', routes: await routesOf(name) },
          ]),
        ),
      ) as RendererBundles['registry']['remotes'],
    },
  };
}
