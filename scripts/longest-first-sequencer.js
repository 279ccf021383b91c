import Sequencer from '@jest/test-sequencer';

// Jest starts the files that took longest last time first; on a clean clone (CI) it has no times
// and orders them by size. The fuzz test is short but takes longest (a minute on a loaded machine):
// ordered by size it started midway and the workers finished unevenly. Known long files start
// first, the rest in jest's order.
const LONGEST = [/form-fuzz\.test\.ts$/];

const isLongest = (test) => LONGEST.some((pattern) => pattern.test(test.path));

export default class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter(isLongest), ...sorted.filter((test) => !isLongest(test))];
  }
}
