import { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import * as z from 'zod';
import { remoteNames, type RemoteName } from '@party/shared-contracts';
import type { Database } from '../db/database.js';
import { activateRelease, activeReleases, releaseHistory, rollbackRelease } from '../releases/release-registry.js';
import { jsonBody } from '../middleware/json-body.js';
import { storedAsPublished } from '../releases/release-store-check.js';
import { findAdminToken, type AdminToken } from './admin-tokens.js';

/** Failed authentications one client may make per minute before it is refused for that minute. */
const FAILED_AUTH_PER_MINUTE = 10;

const changeSchema = z.object({ reason: z.string().trim().min(1, 'Say why: every change to what runs is recorded with its reason.').max(500) });
const activateSchema = changeSchema.extend({ version: z.string().regex(/^[\w.+-]{1,64}$/) });
const rollbackSchema = changeSchema.extend({ to: z.string().regex(/^[\w.+-]{1,64}$/).optional() });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw Object.assign(new Error(z.prettifyError(result.error)), { status: 400 });
  return result.data;
}

/** Who made a change, as the history records it: the token's owner and number, never a free text. */
const changedBy = (token: AdminToken) => `${token.owner} (token ${token.id})`;

/**
 * `/api/admin/releases…`: release control through the running gateway, for the `npm run remotes`
 * client. Every request carries `Authorization: Bearer <token>`; a missing or unknown token is 401,
 * a token scoped to another remote 403, and a client that keeps failing is held off (429).
 */
export function adminRoutes(db: Database, storeDir: string): Router {
  const router = new Router({ prefix: '/api/admin' });
  const failures = new RateLimiterMemory({ points: FAILED_AUTH_PER_MINUTE, duration: 60 });

  const authenticate = async (ctx: Context, next: Next) => {
    ctx.set('Cache-Control', 'no-store');
    const client = ctx.ip;
    const blocked = await failures.get(client);
    if (blocked && blocked.consumedPoints >= FAILED_AUTH_PER_MINUTE) ctx.throw(429, 'Too many failed attempts; wait a minute.', { headers: { 'Retry-After': String(Math.ceil(blocked.msBeforeNext / 1000)) } });
    const secret = /^Bearer (\S+)$/.exec(ctx.get('Authorization'))?.[1];
    const token = secret ? await findAdminToken(db, secret) : null;
    if (!token) {
      await failures.consume(client).catch(() => undefined);
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.throw(401, secret ? 'That token is unknown or revoked.' : 'Send a token: Authorization: Bearer <token>.');
    }
    ctx.state.adminToken = token;
    await next();
  };

  const remoteInScope = (ctx: Context): RemoteName => {
    const remote = ctx.params.remote as string;
    if (!(remoteNames as readonly string[]).includes(remote)) ctx.throw(404, `Unknown remote "${remote}". The remotes are ${remoteNames.join(', ')}.`);
    const token = ctx.state.adminToken as AdminToken;
    if (token.scope !== '*' && token.scope !== remote) ctx.throw(403, `This token may change ${token.scope} only, not ${remote}.`);
    return remote as RemoteName;
  };

  router.use(authenticate);

  router.get('/releases', async (ctx) => {
    ctx.body = { active: await activeReleases(db) };
  });

  router.get('/releases/:remote/history', async (ctx) => {
    ctx.body = { history: await releaseHistory(db, remoteInScope(ctx)) };
  });

  router.post('/releases/:remote/activate', ...jsonBody(), async (ctx) => {
    const remote = remoteInScope(ctx);
    const { version, reason } = parsed(activateSchema, ctx.state.body);
    const { previous } = await activateRelease(db, { remote, version, reason, by: changedBy(ctx.state.adminToken) }, storedAsPublished(storeDir));
    ctx.body = { remote, version, previous };
  });

  router.post('/releases/:remote/rollback', ...jsonBody(), async (ctx) => {
    const remote = remoteInScope(ctx);
    const { to, reason } = parsed(rollbackSchema, ctx.state.body);
    ctx.body = { remote, ...(await rollbackRelease(db, { remote, to, reason, by: changedBy(ctx.state.adminToken) }, storedAsPublished(storeDir))) };
  });

  return router;
}
