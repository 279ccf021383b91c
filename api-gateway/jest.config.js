import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestConfig } from '../jest/jest.config.base.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  ...jestConfig({ environment: 'node', esm: true, setupFiles: [path.join(here, 'jest.setup.cjs')] }),
  globalSetup: path.join(here, 'jest.global-setup.js'),
};
