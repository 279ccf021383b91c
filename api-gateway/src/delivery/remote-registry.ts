import type { Router } from '@koa/router';
import { REMOTE_REGISTRY_PATH } from '@party/shared-contracts';
import { type RegistryCache, type ReleasePreviews, servedTo, type VisitorCohorts } from '../releases/index.js';

/**
 * `GET /remotes.json`: which release of each remote new page loads use (for this visitor, while a
 * canary runs or while they preview a release). Never cached by browsers.
 */
export function remoteRegistryRoutes(
  router: Router,
  { registry, previews, cohorts }: { registry: RegistryCache; previews: ReleasePreviews; cohorts: VisitorCohorts },
): void {
  router.get(REMOTE_REGISTRY_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const snapshot = await registry.current();
    ctx.body = servedTo(snapshot, cohorts.whileCanaries(ctx, snapshot), await previews.of(ctx)).registry;
  });
}
