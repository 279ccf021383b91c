import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * How long one test may take. Jest's default of 5 s failed a form test that types a dozen fields
 * on a machine with one core busy (`stress-ng --cpu 1`): a bound for a hung test, not a speed check.
 */
export const TEST_TIMEOUT_MS = 30_000;

/**
 * The one jest setup of the workspace: TypeScript/TSX through SWC, the shared packages from source,
 * CSS Modules as class-name proxies. `esm` runs the package's tests as ES modules (the gateway uses
 * import.meta).
 */
export function jestConfig({ environment, esm = false, setupFiles = [] }) {
  return {
    testEnvironment: environment === 'jsdom' ? 'jest-fixed-jsdom' : path.join(here, 'test-process-environment.js'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    extensionsToTreatAsEsm: esm ? ['.ts'] : [],
    transform: {
      '\\.(svg|webp|png)$': path.join(here, 'file-mock.mjs'),
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: esm ? 'es6' : 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@party/shared-contracts$': path.join(here, '../shared-contracts/src/index.ts'),
      '^@party/shared-ui$': path.join(here, '../shared-ui/src/index.ts'),
      '^@party/remote-test-kit$': path.join(here, '../remote-test-kit/src/index.tsx'),
      '\\.css$': path.join(here, 'style-mock.cjs'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFiles: [path.join(here, 'setup-env.cjs')],
    setupFilesAfterEnv: [
      ...(environment === 'jsdom' ? ['@testing-library/jest-dom', path.join(here, 'testing-library-waits.js')] : []),
      ...setupFiles,
    ],
    // Read from the config jest runs with: this one when a package's tests run alone (the root's otherwise).
    testTimeout: TEST_TIMEOUT_MS,
    clearMocks: true,
    restoreMocks: true,
  };
}
