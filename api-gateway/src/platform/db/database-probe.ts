import type { Queryable } from './database.js';

/** Whether the database answers, asked at most once a second however often health is polled. */
export type DatabaseProbe = () => Promise<boolean>;

const ANSWER_MAX_AGE_MS = 1_000;
/** A database that takes longer than this to say `SELECT 1` is reported unreachable. */
const ANSWER_WITHIN_MS = 1_000;

export function databaseProbe(db: Queryable): DatabaseProbe {
  let answeredAt = -Infinity;
  let reachable = false;
  let asking: Promise<boolean> | null = null;

  const ask = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ANSWER_WITHIN_MS)));
    reachable = await Promise.race([
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
    clearTimeout(timer);
    answeredAt = performance.now();
    return reachable;
  };

  return () => {
    if (performance.now() - answeredAt < ANSWER_MAX_AGE_MS) return Promise.resolve(reachable);
    return (asking ??= ask().finally(() => (asking = null)));
  };
}
