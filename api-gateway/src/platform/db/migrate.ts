import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Serialises migrations when several gateway instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_021_977;

export interface MigrateOptions {
  /** How long to wait for another instance's migrations (the advisory lock). */
  waitForOthersMs?: number;
  /**
   * How long one migration's statement may wait for a table's lock. A migration queued behind a long
   * query would hold every query queued behind it; past this it gives up, rolls back, and the
   * start fails (try again when the database is quieter).
   */
  lockTimeoutMs?: number;
}

async function lock(tx: Queryable, waitMs: number): Promise<void> {
  await tx.query(`SET LOCAL lock_timeout = '${Math.round(waitMs)}ms'`);
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
}

const migrationFiles = async (directory: string) =>
  (await fs.readdir(directory)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();

/** What the database holds against this build's migrations: those to apply, and those it does not know. */
export async function schemaState(
  db: Queryable,
  directory = MIGRATIONS_DIR,
): Promise<{ pending: string[]; unknown: string[] }> {
  const files = await migrationFiles(directory);
  const { rows: table } = await db.query<{ present: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS present`,
  );
  const recorded = table[0]?.present
    ? (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name)
    : [];
  return {
    pending: files.filter((name) => !recorded.includes(name)),
    unknown: recorded.filter((name) => !files.includes(name)).sort(),
  };
}

/** Refuses a database that a newer build has migrated: this build would run against a schema it does not know. */
export function refuseUnknown(unknown: readonly string[]): void {
  if (unknown.length > 0) {
    throw new Error(
      `The database holds migrations this build does not know (${unknown.join(', ')}): a newer build has migrated it. Run that build, or restore a backup taken before it.`,
    );
  }
}

/**
 * Applies, in name order, every `NNNN_name.sql` file not yet recorded in `schema_migrations`, each
 * in its own transaction. Returns the names it applied. Refuses a database holding migrations this
 * build does not know.
 */
export async function migrate(
  db: Database,
  directory = MIGRATIONS_DIR,
  { waitForOthersMs = 60_000, lockTimeoutMs = 5_000 }: MigrateOptions = {},
): Promise<string[]> {
  const files = await migrationFiles(directory);
  // Even IF NOT EXISTS races between concurrent sessions: create the table under the lock too.
  await db.transaction(async (tx) => {
    await lock(tx, waitForOthersMs);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  refuseUnknown((await schemaState(db, directory)).unknown);
  const applied: string[] = [];
  for (const name of files) {
    const sql = await fs.readFile(path.join(directory, name), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lock(tx, waitForOthersMs);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return false;
      await tx.query(`SET LOCAL lock_timeout = '${Math.round(lockTimeoutMs)}ms'`);
      // The file as written: statement boundaries are the database's to find (a function body holds `;`).
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/**
 * The database a gateway starts on: migrated when `migrateOnStart` (the embedded default, and one
 * instance alone), otherwise only checked (a rolling deploy migrates first, with `npm run migrate`,
 * and no instance changes the schema under the others). Either way it refuses a database whose
 * schema is not this build's. Resolves with the migrations it applied.
 */
export async function prepareSchema(
  db: Database,
  migrateOnStart: boolean,
  directory = MIGRATIONS_DIR,
): Promise<string[]> {
  if (migrateOnStart) return migrate(db, directory);
  const { pending, unknown } = await schemaState(db, directory);
  refuseUnknown(unknown);
  if (pending.length > 0)
    throw new Error(
      `The database lacks this build's migrations (${pending.join(', ')}): run \`npm run migrate\` first, or start with MIGRATE_ON_START=true.`,
    );
  return [];
}
