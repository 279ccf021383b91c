import { isBuiltInRemoteName, type FrontEndName } from '@party/shared-contracts';
import type { GatewayConfig } from '../config.js';

/**
 * What a front end runs on this machine while no release of it is active, as the command line says
 * it: a configured build, or nothing for a remote added to the registry (its pages are not served).
 */
export const configuredBuildOf =
  ({ remoteEntries }: Pick<GatewayConfig, 'remoteEntries'>) =>
  (frontEnd: FrontEndName): string | null =>
    frontEnd === 'shell'
      ? 'the built shell (shell/dist)'
      : isBuiltInRemoteName(frontEnd)
        ? remoteEntries[frontEnd]
        : null;
