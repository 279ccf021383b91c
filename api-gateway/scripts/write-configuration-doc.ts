// Writes the gateway's table of docs/configuration.md from src/config-variables.ts (in the schema's
// order); the config-variables test fails until it has been run after a variable changes.
import fs from 'node:fs';
import { configDocProblems, configurationTable } from '../src/config-variables.js';
import { configurationDocPath, withGeneratedTable } from '../src/testing/configuration-doc.js';

const problems = configDocProblems();
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
fs.writeFileSync(
  configurationDocPath,
  withGeneratedTable(fs.readFileSync(configurationDocPath, 'utf8'), configurationTable()),
);
console.log(`Wrote the gateway's table into ${configurationDocPath}`);
