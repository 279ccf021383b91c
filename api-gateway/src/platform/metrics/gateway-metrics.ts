import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The gateway's Prometheus metrics, in a registry of their own (one per app, so tests stay apart). */
export function createGatewayMetrics() {
  const registry = new Registry();
  return {
    registry,
    requests: new Counter({
      name: 'party_http_requests_total',
      help: 'HTTP requests by route, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'party_http_request_duration_seconds',
      help: 'HTTP request latency by route, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    remotePageLoads: new Counter({
      name: 'party_page_loads_total',
      help: 'Pages sent (200 or 304) by the remote whose route they are and the version that composed them for the visitor (a canary’s for its share): what its load failures are a share of.',
      labelNames: ['remote', 'version'] as const,
      registers: [registry],
    }),
    remoteLoadFailures: new Counter({
      name: 'party_remote_load_failures_total',
      help: 'Remotes that failed to load in visitors’ browsers, as the shell reports them.',
      labelNames: ['remote', 'version', 'code'] as const,
      registers: [registry],
    }),
    remoteServerErrors: new Counter({
      name: 'party_remote_server_errors_total',
      help: 'Server errors (5xx) answering a remote’s page or file, by remote and the version that was to serve it.',
      labelNames: ['remote', 'version'] as const,
      registers: [registry],
    }),
    pageResponses: new Counter({
      name: 'party_page_responses_total',
      help: 'HTML pages sent: from the page cache, rendered for the request, or left to the browser to render (a fallback); by the remote whose route they are (none: the 404) and its version.',
      labelNames: ['source', 'remote', 'version'] as const,
      registers: [registry],
    }),
    pageRenderFailures: new Counter({
      name: 'party_page_render_failures_total',
      help: 'Pages whose remote could not be rendered on the server (left to the browser), by remote, version and reason.',
      labelNames: ['remote', 'version', 'reason'] as const,
      registers: [registry],
    }),
    pageRendererIsolated: new Gauge({
      name: 'party_page_renderer_isolated',
      help: 'Whether the kernel can seal the page renderer (1) or not (0: no remote server code runs, the browser renders every page); absent when the gateway serves no site.',
      registers: [registry],
    }),
    pageRenderDuration: new Histogram({
      name: 'party_page_render_duration_seconds',
      help: 'Time to render one page in the renderer process, loading its modules included.',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
  };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
