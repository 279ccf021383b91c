import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Router } from '@koa/router';
import * as tar from 'tar';
import type { Context, Next } from 'koa';
import { clientNetwork, type Database, type FormRateLimiter, jsonBody } from '../../platform/index.js';
import * as z from 'zod';
import { isFrontEndName, PREVIEW_HOURS, RELEASE_VERSION, type FrontEndName } from '@party/shared-contracts';
import {
  activateRelease,
  activeCanaries,
  activeReleases,
  promoteCanary,
  releaseHistory,
  rollbackRelease,
  startCanary,
} from '../release-registry.js';
import { publishRelease } from '../publish-release.js';
import { addRemote, remoteDefinitions, removeRemote } from '../remote-definitions.js';
import type { ReleaseCache } from '../release-cache.js';
import type { ReleasePreviews } from '../release-previews.js';
import { storedAsPublished } from '../release-store-check.js';
import { findAdminToken, type AdminToken } from './admin-tokens.js';

/** Failed authentications one client may make per minute before it is refused for that minute. */
const FAILED_AUTH_PER_MINUTE = 10;
/** Calls one token may make per minute: far above what a person or a deploy script needs. */
export const ADMIN_CALLS_PER_MINUTE = 60;
/** A release archive larger than this is refused (413): builds are a few megabytes. */
const ARCHIVE_LIMIT_BYTES = 100 * 1024 * 1024;
/** Nor may it unpack to more (a gzip bomb would fill the disk) … */
const UNPACKED_LIMIT_BYTES = 250 * 1024 * 1024;
/** … or hold more files and folders (a build has a few hundred). */
const ENTRY_LIMIT = 10_000;

const changeSchema = z.object({
  reason: z.string().trim().min(1, 'Say why: every change to what runs is recorded with its reason.').max(500),
});
const publishSchema = changeSchema.extend({ version: z.string().regex(RELEASE_VERSION) });
/** `canary`: serve it to that share of visitors (1–99 %) beside the active release, not to all. */
const activateSchema = publishSchema.extend({ canary: z.number().int().min(1).max(99).optional() });
const previewSchema = z.object({
  version: z.string().regex(RELEASE_VERSION),
  hours: z.number().int().min(1).max(PREVIEW_HOURS.most).optional(),
});
const rollbackSchema = changeSchema.extend({ to: z.string().regex(RELEASE_VERSION).optional() });
/** A remote joining the site: why, its team, and its definition (checked whole by the registry, with the contract's schema). */
const newRemoteSchema = changeSchema.extend({
  team: z.string().trim().min(1, 'Name the team its release token is for.').max(200),
});

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw Object.assign(new Error(z.prettifyError(result.error)), { status: 400 });
  return result.data;
}

/** Token-less calls through the control socket, from the site's own operating-system account. */
const CONTROL_SOCKET = 'control socket';

/**
 * Who made a change, as the history records it: the token's owner and number, never a free text;
 * through the control socket, the operating-system account the command line ran as.
 */
const changedBy = (token: AdminToken) =>
  token.id === CONTROL_SOCKET ? `${token.owner} (${CONTROL_SOCKET})` : `${token.owner} (token ${token.id})`;

/**
 * Who may call: bearers of a token (the public or admin listener), held off when they fail or call
 * too often; or, on the control socket only the site's account can open, its local operator.
 */
export type AdminAccess = { kind: 'tokens'; limits: Pick<FormRateLimiter, 'counter'> } | { kind: 'local' };

const tooLarge = (what: string) =>
  Object.assign(new Error(`The release archive is too large: ${what}.`), { status: 413 });

/** Counts the bytes through it, and fails once they pass `limit`. */
function byteLimit(limit: number, what: string) {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done(passed > limit ? tooLarge(what) : null, chunk);
    },
  });
}

/**
 * Unpacks a gzipped tar of regular files and folders (no links, nothing outside `dir`) into `dir`,
 * within limits of its size, packed and unpacked, and of its entries.
 */
async function unpackRelease(ctx: Context, dir: string) {
  const unpack = tar.extract({
    cwd: dir,
    strict: true,
    filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
  });
  let entries = 0;
  unpack.on('entry', () => {
    entries += 1;
    if (entries > ENTRY_LIMIT) unpack.abort(tooLarge(`more than ${ENTRY_LIMIT} files and folders`));
  });
  await fs.mkdir(dir, { recursive: true });
  try {
    await pipeline(
      ctx.req,
      byteLimit(ARCHIVE_LIMIT_BYTES, `more than ${ARCHIVE_LIMIT_BYTES / 1024 / 1024} MB`),
      zlib.createGunzip(),
      byteLimit(UNPACKED_LIMIT_BYTES, `more than ${UNPACKED_LIMIT_BYTES / 1024 / 1024} MB unpacked`),
      unpack,
    );
  } catch (error) {
    if ((error as { status?: number }).status === 413) throw error;
    ctx.throw(400, 'The body is not a gzipped tar archive of the release.');
  }
}

/**
 * Bearers of a token. Failed attempts per client and calls per token are counted where the form
 * limit is (Redis when configured): every instance holds off the same client and token.
 */
function tokenAuthentication(db: Database, limits: Pick<FormRateLimiter, 'counter'>) {
  const failures = limits.counter('admin-failures', FAILED_AUTH_PER_MINUTE, 60);
  const calls = limits.counter('admin-calls', ADMIN_CALLS_PER_MINUTE, 60);
  return async (ctx: Context, next: Next) => {
    ctx.set('Cache-Control', 'no-store');
    const client = clientNetwork(ctx.ip);
    const blocked = await failures.peek(client);
    if (blocked && blocked.consumed >= FAILED_AUTH_PER_MINUTE)
      ctx.throw(429, 'Too many failed attempts; wait a minute.', {
        headers: { 'Retry-After': String(Math.ceil(blocked.resetMs / 1000)) },
      });
    const secret = /^Bearer (\S+)$/.exec(ctx.get('Authorization'))?.[1];
    const token = secret ? await findAdminToken(db, secret) : null;
    if (!token) {
      await failures.consume(client).catch(() => undefined);
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.throw(401, secret ? 'That token is unknown or revoked.' : 'Send a token: Authorization: Bearer <token>.');
    }
    const call = await calls.consume(token.id);
    if (!call.allowed)
      ctx.throw(429, 'Too many calls with this token; wait a minute.', {
        headers: { 'Retry-After': String(Math.ceil(call.resetMs / 1000)) },
      });
    ctx.state.adminToken = token;
    await next();
  };
}

/** The control socket's caller: every remote in scope, recorded as the account its command line names. */
async function localOperator(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  const operator = ctx.get('X-Operator').trim().slice(0, 200) || 'local operator';
  ctx.state.adminToken = { id: CONTROL_SOCKET, owner: operator, scope: '*' } satisfies AdminToken;
  await next();
}

/**
 * `/api/admin/releases…`: release control through the running gateway, for the `npm run remotes`
 * client. With tokens, every request carries `Authorization: Bearer <token>`; a missing or unknown token is 401,
 * a token scoped to another remote 403, a client that keeps failing is held off (429), and so is a
 * token that calls more than ADMIN_CALLS_PER_MINUTE times a minute.
 */
export function adminRoutes(
  db: Database,
  cache: ReleaseCache,
  baseUrl: string,
  previews: ReleasePreviews,
  access: AdminAccess,
): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(access.kind === 'tokens' ? tokenAuthentication(db, access.limits) : localOperator);

  const remoteInScope = (ctx: Context): FrontEndName => {
    const remote = ctx.params.remote;
    if (!isFrontEndName(remote)) return ctx.throw(404, `There is no remote "${remote}" on this site.`);
    const token = ctx.state.adminToken as AdminToken;
    if (token.scope !== '*' && token.scope !== remote)
      ctx.throw(403, `This token may change ${token.scope} only, not ${remote}.`);
    return remote;
  };

  /** Which remotes the site has is for operators with every right, not for one remote's team. */
  const everyRemote = (ctx: Context) => {
    const token = ctx.state.adminToken as AdminToken;
    if (token.scope !== '*') ctx.throw(403, `This token may change ${token.scope} only, not the set of remotes.`);
  };

  router.get('/remotes', async (ctx) => {
    ctx.body = { remotes: await remoteDefinitions(db) };
  });

  router.post('/remotes', ...jsonBody(), async (ctx) => {
    everyRemote(ctx);
    const { reason, team } = parsed(newRemoteSchema, ctx.state.body);
    const { name, prefixes, linkedPaths = [], linkPlaces = [] } = ctx.state.body as Record<string, unknown>;
    const definition = { name, prefixes, linkedPaths, linkPlaces };
    const added = await addRemote(db, definition, { by: changedBy(ctx.state.adminToken), reason, team });
    ctx.status = 201;
    ctx.body = added;
  });

  router.post('/remotes/:remote/remove', ...jsonBody(), async (ctx) => {
    everyRemote(ctx);
    const { reason } = parsed(changeSchema, ctx.state.body);
    ctx.body = {
      remote: ctx.params.remote,
      ...(await removeRemote(db, ctx.params.remote ?? '', { by: changedBy(ctx.state.adminToken), reason })),
    };
  });

  router.get('/releases', async (ctx) => {
    const [active, canaries] = await Promise.all([activeReleases(db), activeCanaries(db)]);
    ctx.body = { active, canaries };
  });

  router.get('/releases/:remote/history', async (ctx) => {
    ctx.body = { history: await releaseHistory(db, remoteInScope(ctx)) };
  });

  router.post('/releases/:remote', async (ctx) => {
    const frontEnd = remoteInScope(ctx);
    if (!ctx.is('application/gzip'))
      ctx.throw(415, 'Send the release as a gzipped tar archive (Content-Type: application/gzip).');
    const { version, reason } = parsed(publishSchema, ctx.query);
    // Unpacked beside the cache, so that nothing half-written is ever inside it.
    const incoming = path.join(cache.dir, '.incoming', randomUUID());
    try {
      await unpackRelease(ctx, incoming);
      ctx.status = 201;
      ctx.body = {
        remote: frontEnd,
        version,
        ...(await publishRelease(
          { db, baseUrl },
          { remote: frontEnd, version, sourceDir: incoming, reason, by: changedBy(ctx.state.adminToken) },
        )),
      };
    } finally {
      await fs.rm(incoming, { recursive: true, force: true });
    }
  });

  // A link that shows a published release to whoever opens it, in that browser alone, until it expires.
  router.post('/releases/:remote/previews', ...jsonBody(), async (ctx) => {
    const frontEnd = remoteInScope(ctx);
    const { version, hours } = parsed(previewSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = {
      remote: frontEnd,
      version,
      ...(await previews.mint(frontEnd, version, changedBy(ctx.state.adminToken), hours)),
    };
  });

  router.post('/releases/:remote/activate', ...jsonBody(), async (ctx) => {
    const frontEnd = remoteInScope(ctx);
    const { version, reason, canary } = parsed(activateSchema, ctx.state.body);
    const change = { remote: frontEnd, version, reason, by: changedBy(ctx.state.adminToken) };
    if (canary !== undefined) {
      const { active } = await startCanary(db, { ...change, percent: canary }, storedAsPublished({ cache, baseUrl }));
      ctx.body = { remote: frontEnd, version, canary, previous: active };
      return;
    }
    const { previous } = await activateRelease(db, change, storedAsPublished({ cache, baseUrl }));
    ctx.body = { remote: frontEnd, version, previous };
  });

  router.post('/releases/:remote/promote', ...jsonBody(), async (ctx) => {
    const frontEnd = remoteInScope(ctx);
    const { reason } = parsed(changeSchema, ctx.state.body);
    ctx.body = {
      remote: frontEnd,
      ...(await promoteCanary(
        db,
        { remote: frontEnd, reason, by: changedBy(ctx.state.adminToken) },
        storedAsPublished({ cache, baseUrl }),
      )),
    };
  });

  router.post('/releases/:remote/rollback', ...jsonBody(), async (ctx) => {
    const frontEnd = remoteInScope(ctx);
    const { to, reason } = parsed(rollbackSchema, ctx.state.body);
    ctx.body = {
      remote: frontEnd,
      ...(await rollbackRelease(
        db,
        { remote: frontEnd, to, reason, by: changedBy(ctx.state.adminToken) },
        storedAsPublished({ cache, baseUrl }),
      )),
    };
  });

  return router;
}
