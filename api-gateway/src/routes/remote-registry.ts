import { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH, remoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@party/shared-contracts';

/** `GET /remotes.json`: which build of each remote the shell loads. Never cached. */
export function remoteRegistryRoutes(entries: Record<RemoteName, string>): Router {
  const registry: RemoteRegistry = remoteRegistrySchema.parse({
    remotes: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { entry, version: 'configured' }])),
  });
  const router = new Router();
  router.get(REMOTE_REGISTRY_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = registry;
  });
  return router;
}
