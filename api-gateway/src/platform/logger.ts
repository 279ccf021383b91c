import { pino, type Logger } from 'pino';
import type { GatewayConfig } from '../config.js';

export type { Logger };

/**
 * JSON lines on standard output. Written asynchronously: lines that arrive during a write go out
 * together in the next one (pino flushes what is left when the process exits).
 */
export function createLogger(config: Pick<GatewayConfig, 'logLevel'>): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
