import type { FrontEndName } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';

/** What each remote runs on this machine while no release of it is active, as the command line says it. */
export const configuredBuildOf =
  ({ remoteEntries }: Pick<GatewayConfig, 'remoteEntries'>) =>
  (frontEnd: FrontEndName): string =>
    frontEnd === 'shell' ? 'the built shell (shell/dist)' : remoteEntries[frontEnd];
