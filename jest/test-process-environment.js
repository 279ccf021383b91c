import NodeEnvironment from 'jest-environment-node';

/**
 * Node's test environment, which stops, once every hook of a test file has run, each process that
 * file started and did not stop (api-gateway/src/testing/test-processes.ts): a setup that failed
 * halfway leaves nothing running into the next file or past the run.
 */
export default class TestProcessEnvironment extends NodeEnvironment {
  async teardown() {
    const stop = this.global[Symbol.for('party.stopTestProcesses')];
    if (typeof stop === 'function') {
      const stopped = await stop();
      if (stopped.length > 0) console.warn(`Stopped what the test file left running: ${stopped.join(', ')}`);
    }
    await super.teardown();
  }
}
