import { fork, type ChildProcess } from 'node:child_process';
import type { PageData, PageMeta, RemoteName, RemoteRegistry, RemoteWidgetId, SiteSettings } from '@party/shared-contracts';
import type { Logger } from '../logger.js';

/** One page rendered by the renderer process (renderer-process.js). */
export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  meta: PageMeta | null;
  remote: RemoteName | null;
  /** False when the remote's page was left to the browser; `failure` says why. */
  pageRendered: boolean;
  failure: 'no-server-build' | 'timeout' | 'load-failed' | 'render-failed' | null;
  widgets: RemoteWidgetId[];
  /** An error that escaped every boundary (the whole page is then left to the browser). */
  error: string | null;
  ms: number;
}

export interface RendererBundles {
  shellEntry: string;
  remotes: Record<RemoteName, { serverEntry: string; assetBase: string } | null>;
  /** The registry snapshot its pages are rendered from: its releases' routes. */
  registry: RemoteRegistry;
  /** What every page may read of the gateway's configuration (siteSettings()). */
  settings: SiteSettings | null;
}

export interface PageRenderer {
  /** Renders the page at `url`, with `data` (what the gateway read for it) when it has any. */
  render(url: string, budgetMs: number, data?: PageData | null): Promise<RenderedPage>;
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
 * It starts with an empty environment; a process that hangs or crashes fails its pending renders
 * and is killed, and the gateway keeps answering (with pages left to the browser).
 */
export async function startPageRenderer(bundles: RendererBundles, logger: Logger, { answerWithinMs = ANSWER_WITHIN_MS } = {}): Promise<PageRenderer> {
  const child: ChildProcess = fork(new URL('./renderer-process.js', import.meta.url), [], {
    env: { NODE_ENV: 'production' },
    execArgv: ['--max-old-space-size=512'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
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
    const onMessage = (message: { id?: number; ready?: true; result?: unknown; error?: { message: string } }) => {
      if (message.ready) return resolve();
      const request = message.id === undefined ? undefined : pending.get(message.id);
      if (!request || message.id === undefined) return;
      pending.delete(message.id);
      clearTimeout(request.timer);
      if (message.error) request.reject(new Error(message.error.message));
      else request.resolve(message.result);
    };
    child.on('message', onMessage);
    child.once('exit', () => reject(dead ?? new Error('The page renderer exited')));
  });

  const ask = <T>(type: string, payload?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = nextId++;
      const timer = setTimeout(() => {
        logger.error({ type }, 'the page renderer did not answer; replacing it');
        fail(new Error(`The page renderer did not answer ${type} within ${answerWithinMs} ms`));
      }, answerWithinMs);
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      child.send({ id, type, payload });
    });

  await ready;
  const { failures } = await ask<{ failures: Array<{ remote: string; message: string }> }>('configure', bundles);
  for (const failure of failures) logger.error(failure, 'a remote server build could not be loaded; its pages are left to the browser');

  return {
    render: (url, budgetMs, data = null) => ask<RenderedPage>('render', { url, budgetMs, data }),
    publicPaths: () => ask<string[]>('publicPaths'),
    alive: () => !dead,
    close: () => {
      dead ??= new Error('The page renderer was closed');
      child.kill();
    },
  };
}
