import pg from 'pg';
import type { Logger } from '../logger.js';
import type { Database } from './database.js';

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** How long to wait for a connection: a server that is away answers a 503 within this. */
  connectTimeoutMs: number;
  /** The longest a statement may run, on the server and (for a frozen server) on the client. */
  queryTimeoutMs: number;
}

const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/** An error the server sent about the statement itself: the connection is still sound. */
const isStatementError = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' && !/^(08|57)/.test((error as { code: string }).code);

function rowsOf<Row>(result: pg.QueryResult): { rows: Row[] } {
  return { rows: result.rows as Row[] };
}

/**
 * A PostgreSQL connection pool that survives the server: a restart closes idle and busy connections
 * (the pool's `error` event, which would otherwise end the process), a frozen server is cut off by
 * the timeouts, and the pool reconnects by itself on the next query.
 */
export function openPostgres(options: PostgresOptions, logger: Logger): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.queryTimeoutMs,
    query_timeout: options.queryTimeoutMs + 500,
    idle_in_transaction_session_timeout: options.queryTimeoutMs * 2,
    keepAlive: true,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects on demand'));

  const listeners: Array<{ stop: () => Promise<void> }> = [];

  return {
    kind: 'postgres',
    query: async <Row>(sql: string, params?: unknown[]) => rowsOf<Row>(await pool.query(sql, params)),
    // Without parameters, pg uses the simple protocol, which runs every statement of a script.
    exec: async (sql: string) => void (await pool.query(sql)),

    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params?: unknown[]) => rowsOf<Row>(await client.query(sql, params)),
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!isStatementError(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection in doubt is closed, never handed to the next request.
        client.release(broken);
      }
    },

    listen: async (channel, onChange) => {
      const listener = keepListening(options, channel, onChange, logger);
      listeners.push(listener);
      await listener.ready;
      return listener.stop;
    },

    close: async () => {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/**
 * A connection of its own that LISTENs on `channel`, reconnecting with backoff when it is lost.
 * `onChange` runs for every notification and after every reconnection (notifications sent while
 * the connection was away are lost, so the caller reloads).
 */
function keepListening(options: PostgresOptions, channel: string, onChange: () => void, logger: Logger) {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect() {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (!stopped) logger.warn({ err: error, channel }, 'database notifications lost; reconnecting');
      void next.end().catch(() => undefined);
      reconnectLater();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', () => onChange());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) return void next.end();
    client = next;
    if (attempt > 0) onChange();
    attempt = 0;
  }

  return {
    /** Settles after the first attempt to connect, whether or not it succeeded. */
    ready: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
