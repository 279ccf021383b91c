import { Router } from '@koa/router';
import type { RemoteRegistry } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import { readRemoteRegistry, type RegistrySource } from './remote-registry.js';

/**
 * `GET /api/health`: 200 when the database answers, 503 when it does not; with the version of each
 * remote the registry serves.
 */
export function healthRoutes(db: Database, source: RegistrySource): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const remotes = remoteVersions(await readRemoteRegistry(source));
    try {
      await db.query('SELECT 1');
      ctx.body = { status: 'ok', database: { kind: db.kind, reachable: true }, remotes };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: { kind: db.kind, reachable: false }, remotes };
    }
  });
  return router;
}

function remoteVersions(registry: RemoteRegistry): Record<string, string> {
  return Object.fromEntries(Object.entries(registry.remotes).map(([name, remote]) => [name, remote.version]));
}
