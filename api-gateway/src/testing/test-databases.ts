import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database.js';

export interface TestDatabase {
  db: Database;
  /** Closes the database and drops what the test created. */
  dispose(): Promise<void>;
}

/**
 * The databases every database test runs against: the embedded PGlite always, and PostgreSQL when
 * DATABASE_URL is set, each test in a schema of its own that is dropped afterwards.
 */
export const testDatabaseKinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    return { db, dispose: () => db.close() };
  }
  const baseUrl = process.env.DATABASE_URL ?? '';
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
