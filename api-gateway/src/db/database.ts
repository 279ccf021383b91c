import fs from 'node:fs/promises';
import type { GatewayConfig } from '../config.js';

export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** The one interface the gateway uses for both the embedded PGlite and a PostgreSQL server. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir !== 'memory://') await fs.mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    query: async <Row>(sql: string, params?: unknown[]) => db.query<Row>(sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: async <Row>(sql: string, params?: unknown[]) => tx.query<Row>(sql, params) })),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const query = async <Row>(sql: string, params?: unknown[]) => {
    const result = await pool.query(sql, params);
    return { rows: result.rows as Row[] };
  };
  return {
    kind: 'postgres',
    query,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as Row[] }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: GatewayConfig['database']): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
}
