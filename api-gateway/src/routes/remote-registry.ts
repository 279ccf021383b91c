import { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH, remoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@party/shared-contracts';

/** The registry document: each remote's entry, from the configuration (version `configured`). */
export function remoteRegistry(entries: Record<RemoteName, string>): RemoteRegistry {
  return remoteRegistrySchema.parse({
    remotes: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { entry, version: 'configured' }])),
  });
}

/** `GET /remotes.json`: which build of each remote the shell loads. Never cached. */
export function remoteRegistryRoutes(registry: RemoteRegistry): Router {
  const router = new Router();
  router.get(REMOTE_REGISTRY_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = registry;
  });
  return router;
}
