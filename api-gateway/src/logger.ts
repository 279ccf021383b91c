import { pino, type Logger } from 'pino';
import type { GatewayConfig } from './config.js';

export type { Logger };

export function createLogger(config: Pick<GatewayConfig, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' },
  });
}
