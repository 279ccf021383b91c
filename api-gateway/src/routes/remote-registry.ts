import type { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH } from '@party/shared-contracts';
import type { RegistryCache } from '../releases/registry-cache.js';

/** `GET /remotes.json`: which release of each remote new page loads use. Never cached by browsers. */
export function remoteRegistryRoutes(router: Router, registry: RegistryCache): void {
  router.get(REMOTE_REGISTRY_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await registry.current()).registry;
  });
}
