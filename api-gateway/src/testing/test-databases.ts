import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLogger } from '../logger.js';
import { openDatabase, type Database } from '../db/database.js';

export interface TestDatabase {
  db: Database;
  /** The PostgreSQL URL of this test's schema (PostgreSQL only). */
  url: string | null;
  /** Closes the database and drops what the test created. */
  dispose(): Promise<void>;
}

const silent = createLogger({ logLevel: 'silent' });

/**
 * The databases every database test runs against: the embedded PGlite always, and PostgreSQL when
 * DATABASE_URL is set, each test in a schema of its own that is dropped afterwards.
 */
export const testDatabaseKinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface PostgresTestOptions {
  /** Reach the server through another host and port (a fault-injecting proxy). */
  via?: { host: string; port: number };
  /** Names the connections in pg_stat_activity, so that a test can end just its own. */
  applicationName?: string;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

/** A URL of the machine's PostgreSQL (DATABASE_URL) whose connections use `schema`. */
export function schemaUrl(schema: string, via?: { host: string; port: number }): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  if (via) {
    url.hostname = via.host;
    url.port = String(via.port);
  }
  return url.toString();
}

export async function openTestDatabase(kind: 'pglite' | 'postgres', options: PostgresTestOptions = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, silent);
    return { db, url: null, dispose: () => db.close() };
  }
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = schemaUrl(schema, options.via);
  const named = options.applicationName ? `${url}&application_name=${encodeURIComponent(options.applicationName)}` : url;
  const db = await openDatabase(
    { kind: 'postgres', url: named, poolSize: 10, connectTimeoutMs: options.connectTimeoutMs ?? 2000, queryTimeoutMs: options.queryTimeoutMs ?? 5000 },
    silent,
  );
  return {
    db,
    url,
    dispose: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
