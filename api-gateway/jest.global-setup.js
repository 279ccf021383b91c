import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh PGlite cluster, dumped once per PGlite version into the machine's temporary folder: the
 * tests' embedded databases start from it (PGLITE_TEST_TEMPLATE) instead of running initdb each.
 */
export default async function createPgliteTemplate() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageRoot = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(await fs.readFile(path.join(packageRoot, 'package.json'), 'utf8'));
  const template = path.join(os.tmpdir(), `party-pglite-template-${version}.tar`);
  const exists = await fs.stat(template).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    const partial = `${template}.${process.pid}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, template);
  }
  process.env.PGLITE_TEST_TEMPLATE = template;
}
