// Images in tests: each image module exports its file name, so tests can check which image is used.
import path from 'node:path';

export default {
  process(_source, filename) {
    return { code: `module.exports = ${JSON.stringify(path.basename(filename))};` };
  },
};
