import fs from 'node:fs/promises';
import path from 'node:path';
import { ROUTES_FILE, routeTableSchema, type BuiltInRemoteName, type RemoteRoute } from '@party/shared-contracts';

const FETCH_TIMEOUT_MS = 2_000;

/** Reads the routes of a remote's configured build, whose manifest is at `entry`. */
export type ConfiguredRoutes = (remote: BuiltInRemoteName, entry: string) => Promise<RemoteRoute[]>;

/**
 * The routes of each remote's configured build (what it runs until a release is activated), from
 * the `routes.json` beside its manifest: read from `buildDir(remote)` where the gateway serves the
 * build itself (`/remotes/<remote>/…`), fetched where another server does (a dev server, a CDN).
 * Read with each registry read, so that a dev server's rebuild shows. A build that is not there has
 * no routes; one that cannot be read fails the read (the registry keeps its last snapshot).
 */
export function configuredRoutesReader(buildDir: (remote: BuiltInRemoteName) => string): ConfiguredRoutes {
  return async (remote, entry) => {
    if (/^https?:\/\//.test(entry)) {
      const response = await fetch(new URL(ROUTES_FILE, entry), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok)
        throw new Error(`${remote}'s configured build answered ${response.status} for its ${ROUTES_FILE}`);
      return routeTableSchema.parse(await response.json());
    }
    const file = path.join(buildDir(remote), ROUTES_FILE);
    const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '[]';
      throw error;
    });
    return routeTableSchema.parse(JSON.parse(text));
  };
}
