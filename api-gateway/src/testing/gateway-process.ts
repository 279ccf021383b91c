import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { failIfInjected, startTestProcess } from './test-processes.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GatewayProcess {
  url: string;
  /** The embedded database's folder, to read once the gateway has stopped. */
  dataDir: string;
  /** Stops the gateway (SIGTERM, as an operator would) and waits for it to exit. */
  stop(): Promise<number | null>;
}

/**
 * The gateway from source in a process of its own, on the embedded database in a fresh folder:
 * what a load or fuzz test drives so that the test and the gateway each have a core. The folder
 * starts as a copy of jest's fresh cluster (PGLITE_TEST_TEMPLATE, a tar of the data folder), which
 * spares the gateway initdb's seconds.
 */
export async function startGatewayProcess(env: NodeJS.ProcessEnv): Promise<GatewayProcess> {
  const [port, dataDir] = await Promise.all([freePort(), fs.mkdtemp(path.join(os.tmpdir(), 'gateway-process-'))]);
  const template = process.env.PGLITE_TEST_TEMPLATE;
  // The system's tar, not the npm `tar` the gateway has: 0.3 s against 1.2–1.5 s for the 40 MB cluster.
  if (template) await promisify(execFile)('tar', ['-xf', template, '-C', dataDir]);
  const child = startTestProcess(
    'gateway',
    process.execPath,
    ['--conditions=@party/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: packageRoot,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        SERVE_SITE: 'false',
        PGLITE_DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('The gateway process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  failIfInjected('gateway');
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
