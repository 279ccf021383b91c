import { fileURLToPath } from 'node:url';

export const configurationDocPath = fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));

const START = /<!-- The table below is made from api-gateway\/src\/config-variables\.ts[^>]*-->\n/;
const END = '\n<!-- end of the generated table -->';

/** The generated part of docs/configuration.md, between its two markers. */
export function generatedTable(doc: string): string {
  const start = START.exec(doc);
  const end = doc.indexOf(END);
  if (!start || end < 0) throw new Error('docs/configuration.md has lost the markers of its generated table');
  return doc.slice(start.index + start[0].length, end);
}

/** docs/configuration.md with `table` between its markers. */
export function withGeneratedTable(doc: string, table: string): string {
  const start = START.exec(doc)!;
  return doc.slice(0, start.index + start[0].length) + table + doc.slice(doc.indexOf(END));
}
