import fs from 'node:fs';
import { configDocProblems, configurationTable } from './config-variables.js';
import { configurationDocPath, generatedTable } from './testing/configuration-doc.js';

describe('docs/configuration.md', () => {
  it('documents every variable of the gateway’s schema, and no other', () => {
    expect(configDocProblems()).toEqual([]);
  });

  it('holds the table config-variables.ts makes (npm run docs:config -w @party/api-gateway writes it)', () => {
    expect(generatedTable(fs.readFileSync(configurationDocPath, 'utf8'))).toBe(configurationTable());
  });
});
