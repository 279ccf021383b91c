import fs from 'node:fs/promises';
import http from 'node:http';
import { Router } from '@koa/router';
import Koa from 'koa';
import { errorHandler, type GatewayModule, type Logger } from '../platform/index.js';
import { socketAnswers } from './socket-answers.js';

/**
 * What the operators' command line asks of a running gateway on its own machine, through the
 * control socket: each module's commands (`npm run tokens`, `npm run staff`, `npm run remotes`,
 * `npm run backup`), run here on the database this process holds (the embedded one can have no
 * other opener), with the same records as when the command line opens the database itself. Whoever
 * can open the socket is the site's operating-system account (the socket is its alone): no token
 * is asked for.
 */
export function createControlApp(logger: Logger, modules: readonly GatewayModule[]): Koa {
  const router = new Router();
  for (const module of modules) module.commands?.(router);
  const app = new Koa();
  app.use(errorHandler(logger));
  app.use(router.routes()).use(router.allowedMethods());
  return app;
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
