import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLogger } from '../platform/logger.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { openPglite } from '../platform/db/pglite-database.js';
import { testServiceAvailable } from './test-services.js';

export interface TestDatabase {
  db: Database;
  /** The PostgreSQL URL of this test's schema (PostgreSQL only). */
  url: string | null;
  /** Closes the database and drops what the test created. */
  dispose(): Promise<void>;
}

const silent = createLogger({ logLevel: 'silent' });

/**
 * Both databases, for what must hold on each engine itself (the migrations): the embedded PGlite
 * always, and PostgreSQL when DATABASE_URL is set, each test in a schema of its own that is dropped
 * afterwards.
 */
export const testDatabaseKinds: Array<'pglite' | 'postgres'> = testServiceAvailable('postgres')
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The one database a test file of the gateway's modules runs on: the machine's PostgreSQL when
 * DATABASE_URL is set (the server the site scales out on, and the older engine, 15, where its SQL
 * must also run), otherwise the embedded PGlite. The browser tests run the site on PGlite, so each
 * route meets both drivers in CI.
 */
export const testDatabaseKind: 'pglite' | 'postgres' = testDatabaseKinds.at(-1)!;

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

const newSchemaName = () => `test_${randomUUID().replaceAll('-', '')}`;

/**
 * Starting PGlite costs seconds (initdb in WebAssembly), a schema milliseconds: a test file keeps one
 * embedded database, lent to one test at a time with a schema of its own on its search path. A test
 * that opens a second one while the first is lent gets a database of its own.
 */
let filePglite: { db: Promise<Database>; lent: boolean; fileDone: boolean } | null = null;

// Registered before the test file's own hooks, so a test's afterAll may still return the lease.
afterAll(async () => {
  if (!filePglite) return;
  filePglite.fileDone = true;
  if (!filePglite.lent) await closeFilePglite();
});

async function closeFilePglite() {
  const pglite = filePglite;
  filePglite = null;
  await (await pglite?.db)?.close();
}

/** A new in-memory PGlite, from the template jest's global setup made (PGLITE_TEST_TEMPLATE). */
const newPglite = () => openPglite('memory://', silent, { template: process.env.PGLITE_TEST_TEMPLATE });

async function openOwnPglite(): Promise<TestDatabase> {
  const db = await newPglite();
  return { db, url: null, dispose: () => db.close() };
}

async function borrowFilePglite(): Promise<TestDatabase> {
  if (filePglite?.lent) return openOwnPglite();
  filePglite ??= { db: newPglite(), lent: false, fileDone: false };
  const lease = filePglite;
  lease.lent = true;
  const shared = await lease.db;
  const schema = newSchemaName();
  await shared.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  return {
    db: { ...shared, close: async () => undefined },
    url: null,
    dispose: async () => {
      await shared.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`);
      lease.lent = false;
      if (lease.fileDone) await closeFilePglite();
    },
  };
}

export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
  options: PostgresTestOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') return borrowFilePglite();
  const schema = newSchemaName();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = schemaUrl(schema, options.via);
  const named = options.applicationName
    ? `${url}&application_name=${encodeURIComponent(options.applicationName)}`
    : url;
  const db = await openDatabase(
    {
      kind: 'postgres',
      url: named,
      poolSize: 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 2000,
      queryTimeoutMs: options.queryTimeoutMs ?? 5000,
    },
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
