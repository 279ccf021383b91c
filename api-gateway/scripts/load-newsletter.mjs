// Throughput of POST /api/newsletter on this machine: starts the production build of the gateway
// on a free local port (embedded database in a temporary folder, or DATABASE_URL), sends new
// subscriptions for 10 s with autocannon, prints requests per second and latency, and stops.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const packageRoot = path.resolve(import.meta.dirname, '..');
const DURATION_SECONDS = 10;
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-load-'));
const gateway = spawn(process.execPath, [path.join(packageRoot, 'dist/server.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SERVE_SITE: 'false',
    PGLITE_DATA_DIR: dataDir,
    // One client sends everything here: the limit would measure itself, not the endpoint.
    FORM_RATE_LIMIT: '1000000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/api/health`).then((response) => response.ok, () => false))) {
    if (Date.now() > deadline || gateway.exitCode !== null) throw new Error('The gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let sent = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/newsletter',
        headers: { 'content-type': 'application/json', origin: url },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: `reader-${++sent}@example.org` }) }),
      },
    ],
  });

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(`POST /api/newsletter, ${DURATION_SECONDS} s, ${CONNECTIONS} connections, ${database}, ${os.cpus().length} cores`);
  console.log(`  requests/s: mean ${result.requests.average}, p50 ${result.requests.p50}`);
  console.log(`  latency ms: p50 ${result.latency.p50}, p99 ${result.latency.p99}, max ${result.latency.max}`);
  console.log(`  responses: ${result['2xx']} 2xx, ${result.non2xx} other; ${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  gateway.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
