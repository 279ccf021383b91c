import type { Router } from '@koa/router';
import { Gauge, type Registry } from 'prom-client';
import type { DatabaseProbe } from '../platform/index.js';
import type { RegistryCache } from '../releases/index.js';

/** Whether this instance should get new requests: not before it is warm, not once it is draining. */
export interface Readiness {
  ready: boolean;
  draining: boolean;
}

/**
 * `GET /livez`: 200 while the process answers (what a supervisor restarts on). `GET /readyz`: 200
 * when warm, not draining and the database answers; 503 otherwise (what a load balancer routes by);
 * `party_ready` says the same to Prometheus.
 */
export function probeRoutes(
  router: Router,
  databaseReachable: DatabaseProbe,
  readiness: Readiness,
  metrics: Registry,
): void {
  const status = async () =>
    readiness.draining
      ? 'draining'
      : !readiness.ready
        ? 'starting'
        : (await databaseReachable())
          ? 'ready'
          : 'database unreachable';
  router.get('/livez', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'alive' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const answer = await status();
    ctx.status = answer === 'ready' ? 200 : 503;
    ctx.body = { status: answer };
  });
  new Gauge({
    name: 'party_ready',
    help: 'What /readyz answers the load balancer: 1 ready; 0 starting, draining or without its database.',
    registers: [metrics],
    async collect() {
      this.set((await status()) === 'ready' ? 1 : 0);
    },
  });
}

/**
 * `GET /api/health`: 200 when the database answers, 503 when it does not; `degraded` (still 200: the
 * site serves its last snapshot) while the release registry cannot be read or names releases this
 * instance has not fetched yet; with the version of each
 * remote the registry serves, and of the shell. Cheap: the answer of the database is at most a second old.
 */
export function healthRoutes(
  router: Router,
  kind: 'pglite' | 'postgres',
  databaseReachable: DatabaseProbe,
  registry: RegistryCache,
): void {
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const [reachable, { registry: current, shell }] = await Promise.all([databaseReachable(), registry.current()]);
    const remotes = Object.fromEntries(Object.entries(current.remotes).map(([name, remote]) => [name, remote.version]));
    const registryReadable = registry.readable();
    const behind = registry.behind();
    ctx.status = reachable ? 200 : 503;
    ctx.body = {
      status: !reachable ? 'unavailable' : registryReadable && !behind ? 'ok' : 'degraded',
      database: { kind, reachable },
      registry: { readable: registryReadable, behind },
      remotes,
      shell: shell?.version ?? 'configured',
    };
  });
}
