import type { Database } from '../platform/db/database.js';

/** The database, with a switch that makes every query fail as if the server were away. */
export function switchableDatabase(db: Database) {
  const failure = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  const state = { down: false };
  const wrapped: Database = {
    ...db,
    query: (sql, params) => (state.down ? failure() : db.query(sql, params)),
    transaction: (work) => (state.down ? failure() : db.transaction(work)),
  };
  return { db: wrapped, state };
}
