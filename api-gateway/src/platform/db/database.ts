import type { GatewayConfig } from '../../config.js';
import type { Logger } from '../logger.js';
import { openPglite } from './pglite-database.js';
import { openPostgres } from './postgres-database.js';

export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of statements (a migration), as they are written: no parameters, no results. */
  exec(sql: string): Promise<void>;
}

/** The one interface the gateway uses for both the embedded PGlite and a PostgreSQL server. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onChange` on every `NOTIFY channel` from any process using this database, and whenever
   * notifications may have been missed (a lost connection): the caller then reloads what it keeps.
   */
  listen(channel: string, onChange: () => void): Promise<() => Promise<void>>;
  /** The embedded database's folder as a tar, consistent while it serves (PGlite only; see backup.ts). */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openDatabase(config: GatewayConfig['database'], logger: Logger): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config, logger) : openPglite(config.dataDir, logger);
}
