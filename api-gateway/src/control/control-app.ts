import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { Router } from '@koa/router';
import Koa from 'koa';
import * as z from 'zod';
import { adminRoutes, type ReleaseCache, type ReleasePreviews } from '../releases/index.js';
import {
  backupManifestSchema,
  type Database,
  errorHandler,
  jsonBody,
  type Logger,
  type PasswordHasher,
  recordBackup,
} from '../platform/index.js';
import { staffAccounts } from '../people/index.js';
import { staffCommand, tokenCommand } from './operator-commands.js';

const commandSchema = z.object({ args: z.array(z.string().max(500)).max(20) });

export interface ControlDependencies {
  db: Database;
  releases: ReleaseCache;
  previews: ReleasePreviews;
  /** Where browsers fetch releases (RELEASE_BASE_URL). */
  baseUrl: string;
  passwords: PasswordHasher;
  logger: Logger;
}

/**
 * What the operators' command line asks of a running gateway on its own machine, through the
 * control socket: `npm run tokens`, `npm run staff`, `npm run remotes` and `npm run backup`, each run here on the
 * database this process holds (the embedded one can have no other opener), with the same records
 * as when the command line opens the database itself. Whoever can open the socket is the site's
 * operating-system account (the socket is its alone): no token is asked for.
 */
export function createControlApp({ db, releases, previews, baseUrl, passwords, logger }: ControlDependencies): Koa {
  const app = new Koa();
  const router = new Router();
  router.post('/commands/:name', ...jsonBody(), async (ctx) => {
    const parsed = commandSchema.safeParse(ctx.state.body);
    if (!parsed.success) return ctx.throw(400, 'Send { "args": [ … ] }.');
    const { args } = parsed.data;
    const name = ctx.params.name;
    logger.info(
      { command: name, operation: args[0], operator: ctx.get('X-Operator').slice(0, 200) },
      'operator command through the control socket',
    );
    if (name === 'tokens') ctx.body = { output: await tokenCommand(db, args) };
    else if (name === 'staff') ctx.body = { output: await staffCommand(staffAccounts(db, passwords), args) };
    else ctx.throw(404, `No command ${name}.`);
  });
  // `npm run backup`: the embedded database's folder as it is at one moment, while the site runs.
  router.post('/backup', async (ctx) => {
    if (!db.dumpDataDir)
      return ctx.throw(
        409,
        'This gateway runs on PostgreSQL: npm run backup dumps it from any machine that reaches it.',
      );
    logger.info({ operator: ctx.get('X-Operator').slice(0, 200) }, 'backup through the control socket');
    ctx.type = 'application/x-tar';
    ctx.body = await db.dumpDataDir();
  });
  // `npm run backup`, once the file is written: the record the backup gauge reads.
  router.post('/backups', ...jsonBody(), async (ctx) => {
    const parsed = backupManifestSchema.safeParse(ctx.state.body);
    if (!parsed.success) return ctx.throw(400, 'Send the backup’s manifest.');
    await recordBackup(db, parsed.data);
    ctx.status = 204;
  });
  const admin = adminRoutes(db, releases, baseUrl, previews, { kind: 'local' });
  app.use(errorHandler(logger));
  app.use(router.routes()).use(router.allowedMethods());
  app.use(admin.routes()).use(admin.allowedMethods());
  return app;
}

/** Whether a process answers on the socket at `socketPath`. */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Listens on the Unix socket `socketPath`, readable and writable by this process's user alone. A
 * socket file nobody answers on (left by a process that was killed) is replaced; one that answers
 * belongs to another gateway, and this one refuses to start.
 */
export async function listenControlSocket(app: Koa, socketPath: string): Promise<http.Server> {
  if (await socketAnswers(socketPath))
    throw new Error(
      `Another process answers on the control socket ${socketPath}: is another gateway running with this CONTROL_SOCKET?`,
    );
  await fs.rm(socketPath, { force: true });
  const server = http.createServer(app.callback());
  // Created owner-only from the start: no moment in which another account could connect.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
  } finally {
    process.umask(umask);
  }
  await fs.chmod(socketPath, 0o600);
  return server;
}
