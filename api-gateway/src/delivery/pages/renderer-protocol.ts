import type {
  PageData,
  PageMeta,
  RemoteName,
  RemoteRegistry,
  RemoteWidgetId,
  SiteSettings,
} from '@party/shared-contracts';

// What the gateway (page-renderer.ts) and its renderer process (renderer-process.ts) say to each
// other over the IPC channel: both import these types, so a change to one side that the other does
// not follow fails the type check.

/** The server builds of one registry snapshot, which a renderer process loads once. */
export interface RendererBundles {
  shellEntry: string;
  remotes: Record<RemoteName, { serverEntry: string; assetBase: string } | null>;
  /** The registry snapshot its pages are rendered from: its releases' routes. */
  registry: RemoteRegistry;
  /** What every page may read of the gateway's configuration (siteSettings()). */
  settings: SiteSettings | null;
}

/** Why a remote's page was left to the browser. */
export type RenderFailure = 'no-server-build' | 'timeout' | 'load-failed' | 'render-failed';

/** One page rendered by the renderer process. */
export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  meta: PageMeta | null;
  remote: RemoteName | null;
  /** False when the remote's page was left to the browser; `failure` says why. */
  pageRendered: boolean;
  failure: RenderFailure | null;
  widgets: RemoteWidgetId[];
  /** An error that escaped every boundary (the whole page is then left to the browser). */
  error: string | null;
  ms: number;
}

export interface RendererError {
  message: string;
  stack?: string;
}

/** Each question the gateway asks, with what it sends and what the answer holds. */
export interface RendererCalls {
  configure: { payload: RendererBundles; result: { failures: Array<RendererError & { remote: string }> } };
  render: { payload: { url: string; budgetMs: number; data: PageData | null }; result: RenderedPage };
  publicPaths: { payload: null; result: string[] };
}

export type RendererCall = keyof RendererCalls;

/** A question, from the gateway to the renderer. */
export type RendererRequest = {
  [Call in RendererCall]: { id: number; type: Call; payload: RendererCalls[Call]['payload'] };
}[RendererCall];

/** What the renderer sends: that it is ready, then one answer per question, by its id. */
export type RendererMessage =
  | { ready: true }
  | { id: number; result: RendererCalls[RendererCall]['result'] }
  | { id: number; error: RendererError };
