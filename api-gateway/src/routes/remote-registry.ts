import { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH, remoteNames, remoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@party/shared-contracts';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { activeReleases, type ActiveRelease } from '../releases/release-registry.js';

export interface RegistrySource {
  db: Queryable;
  /** What each remote runs until a release of it is activated (version `configured`). */
  configured: Record<RemoteName, string>;
  logger: Logger;
}

/**
 * The registry document: each remote's active release from the database, else its configured
 * entry. If the database cannot answer, the configured entries keep the site up.
 */
export async function readRemoteRegistry({ db, configured, logger }: RegistrySource): Promise<RemoteRegistry> {
  const active = await activeReleases(db).catch((error: unknown): Partial<Record<RemoteName, ActiveRelease>> => {
    logger.warn({ err: error }, 'release registry unavailable; serving the configured remotes');
    return {};
  });
  return remoteRegistrySchema.parse({
    remotes: Object.fromEntries(
      remoteNames.map((name) => [name, active[name] ?? { entry: configured[name], version: 'configured' }]),
    ),
  });
}

/** `GET /remotes.json`: which release of each remote new page loads use. Never cached. */
export function remoteRegistryRoutes(source: RegistrySource): Router {
  const router = new Router();
  router.get(REMOTE_REGISTRY_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readRemoteRegistry(source);
  });
  return router;
}
