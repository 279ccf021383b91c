import { jestConfig } from '../jest/jest.config.base.js';

export default {
  ...jestConfig({ environment: 'node', esm: true }),
  // Opening an embedded database (initdb) takes up to ~5 s on a loaded two-core machine.
  testTimeout: 20_000,
};
