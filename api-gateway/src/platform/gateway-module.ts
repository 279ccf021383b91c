import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import * as z from 'zod';
import type { Logger } from './logger.js';
import type { BrowserPostGuards } from './middleware/browser-post-guards.js';
import { jsonBody } from './middleware/json-body.js';

/**
 * What a module of the gateway gives the composition root (gateway.ts, app.ts) to mount, each in
 * one way for all: its endpoints on the public router, what answers after the router (files,
 * pages), the operators' commands on the control socket, and its background work, started when it
 * is built (or, needing the site's address, by `start`) and ended by `stop`.
 */
export interface GatewayModule {
  routes?(router: Router, guards: BrowserPostGuards): void;
  /** Given the router with every module's routes (a page form goes through its endpoint's). */
  handlers?(router: Router): Middleware[];
  commands?(router: Router): void;
  /** Once the listeners are open. */
  start?(): Promise<void>;
  /** Once the listeners are closed, before the database is. */
  stop?(): Promise<void>;
}

/** A command given wrong: its usage, said to the operator (400 through the control socket). */
export class OperatorCommandError extends Error {
  override name = 'OperatorCommandError';
  readonly status = 400;
}

/** The value after `--<name>` in a command's arguments, trimmed. */
export const optionsOf =
  (args: string[]) =>
  (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index === -1 ? undefined : args[index + 1]?.trim();
  };

const commandSchema = z.object({ args: z.array(z.string().max(500)).max(20) });

/**
 * `POST /commands/<name>` on the control socket: `npm run <name> -- …args` run by this process for
 * the operator (the embedded database has no other opener while the site runs), and logged.
 */
export function operatorCommand(
  router: Router,
  name: string,
  logger: Logger,
  run: (args: string[]) => Promise<string>,
): void {
  router.post(`/commands/${name}`, ...jsonBody(), async (ctx) => {
    const parsed = commandSchema.safeParse(ctx.state.body);
    if (!parsed.success) return ctx.throw(400, 'Send { "args": [ … ] }.');
    const { args } = parsed.data;
    logger.info(
      { command: name, operation: args[0], operator: ctx.get('X-Operator').slice(0, 200) },
      'operator command through the control socket',
    );
    ctx.body = { output: await run(args) };
  });
}
