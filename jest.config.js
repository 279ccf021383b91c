import path from 'node:path';
import { TEST_TIMEOUT_MS } from './jest/jest.config.base.js';

// One jest run for every package's unit tests: one start-up, and the files of all packages shared
// among the workers. Each package keeps its own config and still runs alone with `npm test` in it;
// here each is named, so that `--selectProjects api-gateway` runs one.
// UNIT_TESTS=node or browser takes one side only: CI runs the browser packages' with `npm test` on
// the machine's Node 20, and the packages that run on Node on Node 24, production's runtime (.ci/run).
const sides = {
  node: ['shared-contracts', 'remote-build', 'release-tool', 'api-gateway'],
  browser: ['shared-ui', 'shell', 'mf-content', 'mf-engagement', 'mf-donate', 'mf-participation'],
};
const names = sides[process.env.UNIT_TESTS] ?? [...sides.node, ...sides.browser];

export default {
  projects: await Promise.all(
    names.map(async (name) => ({
      ...(await import(`./${name}/jest.config.js`)).default,
      displayName: name,
      rootDir: path.join(import.meta.dirname, name),
    })),
  ),
  // Every run in a new order (the seed is printed): a test that leans on another one fails early.
  randomize: true,
  testSequencer: './scripts/longest-first-sequencer.js',
  // Jest's default leaves a core idle, but most of these tests wait on databases, processes and sockets.
  maxWorkers: '100%',
  // A worker's heap reaches ~470 MB by the gateway's last file: garbage V8 has not collected yet (with
  // collection forced, 11–51 MB after each file). A process that large takes 0.5–0.9 s to exit, past
  // jest's grace, and jest then reports it as a leak.
  workerIdleMemoryLimit: '300MB',
  testTimeout: TEST_TIMEOUT_MS,
  // CI stops at the first failing test and says which: a failure that waits for the rest of the run
  // to end is found minutes later, or hidden behind a timeout. A developer's run reports every failure.
  bail: process.env.CI ? 1 : 0,
};
