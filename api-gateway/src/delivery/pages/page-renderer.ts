import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { Logger } from '../../platform/index.js';
import { BUBBLEWRAP, rendererSandbox } from './renderer-sandbox.js';
import type {
  RenderedPage,
  RendererBundles,
  RendererCall,
  RendererCalls,
  RendererMessage,
  RendererRequest,
} from './renderer-protocol.js';

export type { RenderedPage, RendererBundles } from './renderer-protocol.js';

export interface PageRenderer {
  /** Renders the page at `url`, with `data` (what the gateway read for it) when it has any. */
  render(url: string, budgetMs: number, data?: RendererCalls['render']['payload']['data']): Promise<RenderedPage>;
  publicPaths(): Promise<string[]>;
  /** False once the process has exited, hung or been closed. */
  alive(): boolean;
  close(): void;
}

/** The longest any one question to the renderer may take by default; past it the process is replaced. */
const ANSWER_WITHIN_MS = 5_000;

/**
 * A renderer process for one registry snapshot: it loads that snapshot's server builds once, so
 * that a render is a function call, and is replaced (not reconfigured) when the snapshot changes.
 * It runs sealed by the kernel (renderer-sandbox.ts), with an empty environment and no file
 * descriptor but its IPC channel; where the kernel cannot seal it, it is not started. A process
 * that hangs or crashes fails its pending renders and is killed, and the gateway keeps answering
 * (with pages left to the browser).
 */
export async function startPageRenderer(
  bundles: RendererBundles,
  logger: Logger,
  { answerWithinMs = ANSWER_WITHIN_MS, bubblewrap = BUBBLEWRAP } = {},
): Promise<PageRenderer> {
  const sandbox = await rendererSandbox(bundles, bubblewrap);
  const child: ChildProcess = spawn(sandbox.command, sandbox.args, {
    env: { NODE_ENV: 'production' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc', 'pipe'],
  });
  (child.stdio[4] as Writable).end(sandbox.filter);
  const pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  let nextId = 1;
  let dead: Error | null = null;

  const fail = (error: Error) => {
    if (dead) return;
    dead = error;
    for (const request of pending.values()) {
      clearTimeout(request.timer);
      request.reject(error);
    }
    pending.clear();
    child.kill('SIGKILL');
  };
  child.on('exit', (code, signal) => fail(new Error(`The page renderer exited (${signal ?? code})`)));
  child.on('error', fail);

  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: RendererMessage) => {
      if ('ready' in message) return resolve();
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      clearTimeout(request.timer);
      if ('error' in message) request.reject(new Error(message.error.message));
      else request.resolve(message.result);
    };
    child.on('message', onMessage);
    child.once('exit', () => reject(dead ?? new Error('The page renderer exited')));
  });

  const ask = <Call extends RendererCall>(type: Call, payload: RendererCalls[Call]['payload']) =>
    new Promise<RendererCalls[Call]['result']>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = nextId++;
      const timer = setTimeout(() => {
        logger.error({ type }, 'the page renderer did not answer; replacing it');
        fail(new Error(`The page renderer did not answer ${type} within ${answerWithinMs} ms`));
      }, answerWithinMs);
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      child.send({ id, type, payload } as RendererRequest);
    });

  await ready;
  const { failures } = await ask('configure', bundles);
  for (const failure of failures)
    logger.error(failure, 'a remote server build could not be loaded; its pages are left to the browser');

  return {
    render: (url, budgetMs, data = null) => ask('render', { url, budgetMs, data }),
    publicPaths: () => ask('publicPaths', null),
    alive: () => !dead,
    close: () => {
      dead ??= new Error('The page renderer was closed');
      child.kill();
    },
  };
}
