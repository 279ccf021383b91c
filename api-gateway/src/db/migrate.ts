import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Serialises migrations when several gateway instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_021_977;

function lock(tx: Queryable): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
}

/**
 * Applies, in name order, every `NNNN_name.sql` file not yet recorded in `schema_migrations`, each
 * in its own transaction. Returns the names it applied.
 */
export async function migrate(db: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await fs.readdir(directory)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  // Even IF NOT EXISTS races between concurrent sessions: create the table under the lock too.
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const name of files) {
    const sql = await fs.readFile(path.join(directory, name), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return false;
      // The file as written: statement boundaries are the database's to find (a function body holds `;`).
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
