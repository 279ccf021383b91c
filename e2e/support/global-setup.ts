import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const CANARY_RELEASE = 'canary';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** A second build of mf-content, visibly different, in a folder of its own. */
async function buildCanaryContent(outDir: string): Promise<void> {
  const rsbuild = path.join(repositoryRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js');
  await run(process.execPath, [rsbuild, 'build', '--environment', 'federation'], {
    cwd: path.join(repositoryRoot, 'mf-content'),
    env: { ...process.env, REMOTE_RELEASE: CANARY_RELEASE, REMOTE_DIST_DIR: outDir },
  });
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

/** A plain static file server on another origin, as a CDN would serve a remote. */
function serveStatic(root: string, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const file = path.join(root, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function startGateway(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // The site as `npm start` runs it: on the embedded database and the in-memory rate limit, whatever
  // DATABASE_URL and REDIS_URL say. Every test posts from 127.0.0.1, hence the generous limit.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const gateway = spawn(process.execPath, [path.join(repositoryRoot, 'api-gateway/dist/server.js')], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn', FORM_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null) throw new Error(`The gateway exited with ${gateway.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return gateway;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  gateway.kill();
  throw new Error('The gateway did not become healthy within 30 s');
}

/**
 * Starts, against the production build: the site as `npm start` serves it, a canary build of
 * mf-content on another origin, and a second gateway whose registry points mf-content at it.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(repositoryRoot, 'shell/dist/index.html'))) {
    throw new Error('Build the site first: npm run build');
  }
  const canaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-content-canary-'));
  const [sitePort, altPort, canaryPort] = await Promise.all([freePort(), freePort(), freePort()]);

  await buildCanaryContent(canaryDir);
  const canary = await serveStatic(canaryDir, canaryPort);
  const gateways = await Promise.all([
    startGateway(sitePort, {}),
    startGateway(altPort, { REMOTE_ENTRY_MF_CONTENT: `http://127.0.0.1:${canaryPort}/mf-manifest.json` }),
  ]);

  process.env.E2E_BASE_URL = `http://127.0.0.1:${sitePort}`;
  process.env.E2E_ALT_BASE_URL = `http://127.0.0.1:${altPort}`;
  process.env.E2E_CANARY_RELEASE = CANARY_RELEASE;

  return async () => {
    for (const gateway of gateways) gateway.kill();
    await new Promise((resolve) => canary.close(resolve));
    fs.rmSync(canaryDir, { recursive: true, force: true });
  };
}
