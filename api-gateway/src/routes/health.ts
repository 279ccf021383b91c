import type { Router } from '@koa/router';
import type { DatabaseProbe } from '../db/database-probe.js';
import type { RegistryCache } from '../releases/registry-cache.js';

/**
 * `GET /api/health`: 200 when the database answers, 503 when it does not; with the version of each
 * remote the registry serves. Cheap: the answer of the database is at most a second old.
 */
export function healthRoutes(router: Router, kind: 'pglite' | 'postgres', databaseReachable: DatabaseProbe, registry: RegistryCache): void {
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const [reachable, { registry: current }] = await Promise.all([databaseReachable(), registry.current()]);
    const remotes = Object.fromEntries(Object.entries(current.remotes).map(([name, remote]) => [name, remote.version]));
    ctx.status = reachable ? 200 : 503;
    ctx.body = { status: reachable ? 'ok' : 'unavailable', database: { kind, reachable }, remotes };
  });
}
