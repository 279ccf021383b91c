import type { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH } from '@party/shared-contracts';
import { cohortWhileCanaries, forCohort, type RegistryCache } from '../releases/index.js';

/**
 * `GET /remotes.json`: which release of each remote new page loads use (for this visitor, while a
 * canary runs). Never cached by browsers.
 */
export function remoteRegistryRoutes(router: Router, registry: RegistryCache): void {
  router.get(REMOTE_REGISTRY_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const snapshot = await registry.current();
    ctx.body = forCohort(snapshot, cohortWhileCanaries(ctx, snapshot)).registry;
  });
}
