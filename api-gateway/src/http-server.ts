import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { GatewayConfig } from './config.js';

/**
 * A Node HTTP server for a Koa app, with the limits a public port needs: a client that sends its
 * headers or body slowly is cut off, and connections are capped.
 */
export function listen(app: Koa, host: string, port: number, limits: GatewayConfig['http']): Promise<http.Server> {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
      // How often Node looks for connections past those timeouts (30 s by default).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    app.callback(),
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Stops taking connections and resolves once those open have finished their requests (idle ones
 * close at once); past `deadlineMs`, the remaining ones are cut.
 */
export function closeServer(server: http.Server, deadlineMs: number): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function urlOf(server: http.Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
}
