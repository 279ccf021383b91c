import { Router } from '@koa/router';
import type { Database } from '../db/database.js';

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export function healthRoutes(db: Database): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await db.query('SELECT 1');
      ctx.body = { status: 'ok', database: { kind: db.kind, reachable: true } };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: { kind: db.kind, reachable: false } };
    }
  });
  return router;
}
