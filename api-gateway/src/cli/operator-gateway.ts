import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type GatewayConfig, readConfig } from '../config.js';
import type { GatewayOverrides } from '../gateway.js';
import { runInGateway, runningGateway } from './control-client.js';

/** A control socket to send an operator's command to, and how to let go of it. */
export interface OperatorSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Where an operator's command goes, always a control socket: the running gateway's when one answers
 * (the embedded database has no other opener while the site runs); otherwise the gateway composed
 * here by the same constructors as server.ts's, with no public listener and no background work (no
 * email leaves a command line), its control app on a socket of this process alone, until `close`.
 */
export async function openOperatorSocket(
  config: GatewayConfig,
  overrides: GatewayOverrides = {},
): Promise<OperatorSocket> {
  const running = await runningGateway(config.controlSocket);
  if (running) return { path: running, close: async () => {} };
  // Loaded only here: a command through the running site's socket loads none of the gateway.
  const [{ listenControlSocket }, { composeGateway }, { closeServer }, { createLogger }] = await Promise.all([
    import('../control/control-app.js'),
    import('../gateway.js'),
    import('../http-server.js'),
    import('../platform/index.js'),
  ]);
  const gateway = await composeGateway(
    {
      ...config,
      retentionWorker: false,
      email: { ...config.email, worker: null },
      donations: { ...config.donations, worker: false },
    },
    { logger: createLogger({ logLevel: 'error' }), ...overrides },
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'party-command-'));
  const socketPath = path.join(dir, 'control.sock');
  const server = await listenControlSocket(gateway.control, socketPath).catch(async (error: unknown) => {
    await gateway.stop();
    throw error;
  });
  return {
    path: socketPath,
    async close() {
      await closeServer(server, config.shutdown.timeoutMs);
      await gateway.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** `command` given an operator socket (`openOperatorSocket`), closed after it. */
export async function withOperatorSocket<T>(
  config: GatewayConfig,
  command: (socketPath: string) => Promise<T>,
): Promise<T> {
  const socket = await openOperatorSocket(config);
  try {
    return await command(socket.path);
  } finally {
    await socket.close();
  }
}

/** `npm run <name> -- …args`, printed; a refusal prints its message and exits 1. */
export async function runOperatorCommand(name: 'tokens' | 'staff'): Promise<void> {
  try {
    console.log(await withOperatorSocket(readConfig(), (socket) => runInGateway(socket, name, process.argv.slice(2))));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
